'use server';
// Staff notes on orders and customers (notes.ts), as the admin under RLS through defineAction. The panel reads a
// subject's notes when it opens, so no page loader or cache carries them.
import { defineAction } from '../../entry/define-action';
import { addNote, listNotes } from './notes';
import { addNoteSchema, noteSubjectSchema } from './schema';

export const readStaffNotes = defineAction({
  name: 'admin.notes.list',
  access: 'admin',
  schema: noteSubjectSchema,
  failure: 'The notes could not be loaded.',
  run: (subject, { tx }) => listNotes(tx, subject),
});

export const addStaffNote = defineAction({
  name: 'admin.notes.add',
  access: 'admin',
  schema: addNoteSchema,
  success: () => 'Note added',
  failure: 'The note could not be saved.',
  run: (input, { tx, user }) => addNote(tx, input, { id: user!.id, email: user!.email ?? null }),
});

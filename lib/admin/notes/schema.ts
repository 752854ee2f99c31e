// Staff notes on an order or a customer: what a note names and says, checked at the action's boundary.
import { z } from 'zod';
import { text } from '../../core/validation/text';
import { isCustomerKey } from '../customers/params';

const body = text({ max: 2000, min: 1, multiline: true, label: 'The note', minMessage: 'Write the note first.' });
const orderId = z.uuid({ error: 'Unknown order.' });
const customerKey = z.string().refine(isCustomerKey, { error: 'Unknown customer.' });

/** A note's subject: an order by its id, or a customer by their key. */
export const noteSubjectSchema = z.union([z.object({ orderId }).strict(), z.object({ customerKey }).strict()]);
export type NoteSubject = z.infer<typeof noteSubjectSchema>;

export const addNoteSchema = z.union([z.object({ orderId, body }).strict(), z.object({ customerKey, body }).strict()]);

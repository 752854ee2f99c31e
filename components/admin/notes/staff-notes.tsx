'use client';
// Staff's own notes on an order or a customer, newest first, with author and time: loaded when the panel shows, and
// a note added at the top. Buyers never see them (the table's policy is staff-only).
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { addStaffNote, readStaffNotes } from '@/lib/admin/notes/actions';
import type { StaffNote } from '@/lib/admin/notes/notes';
import { addNoteSchema, type NoteSubject } from '@/lib/admin/notes/schema';
import { AdminField } from '../field';

export function StaffNotes({ subject, headingId }: { subject: NoteSubject; headingId: string }) {
  const [notes, setNotes] = useState<StaffNote[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [body, setBody] = useState('');
  const { form, errors, pending, submit: send } = useActionForm();
  const key = 'orderId' in subject ? subject.orderId : subject.customerKey;

  useEffect(() => {
    let live = true;
    readStaffNotes('orderId' in subject ? { orderId: subject.orderId } : { customerKey: subject.customerKey })
      .then((result) => {
        if (!live) return;
        if (result.ok) setNotes(result.data);
        else setFailed(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // The subject is named by its key: a new object for the same order is the same subject.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const result = await send({ ...subject, body }, addNoteSchema, addStaffNote);
    if (!result) return;
    if (result.ok) {
      setNotes(result.data);
      setBody('');
      toast.success(result.message ?? 'Note added');
    } else {
      toast.error('The note could not be saved.', { description: result.error || undefined });
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2 text-sm" data-testid="staff-notes">
      <h3 id={headingId} className="adm-label">
        Staff notes
      </h3>
      <form ref={form} onSubmit={submit} noValidate className="space-y-2" aria-label="Add a staff note">
        <AdminField label="New note (staff only)" error={errors.body}>
          {(control) => (
            <textarea
              {...control}
              name="body"
              rows={2}
              maxLength={2000}
              className="adm-input min-h-16"
              value={body}
              disabled={pending}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </AdminField>
        <button type="submit" className="adm-btn" disabled={pending || body.trim() === ''} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : 'Add note'}
        </button>
      </form>
      {failed ? (
        <p className="text-red-700">The notes could not be loaded.</p>
      ) : notes === null ? (
        <p className="adm-muted" aria-live="polite">Loading notes…</p>
      ) : notes.length === 0 ? (
        <p className="adm-muted">No notes yet.</p>
      ) : (
        <ul className="space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-stone-line bg-white px-3 py-2">
              <p className="whitespace-pre-line break-words">{n.body}</p>
              <p className="mt-1 text-xs text-stone-muted">
                {n.author} · <time dateTime={n.createdAt}>{n.at}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

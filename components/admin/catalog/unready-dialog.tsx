'use client';
// Before a bulk publish where some products are not ready: how many, then go back, publish only the ready ones or
// publish anyway. An alert dialog as ConfirmDialog: focus trapped, Escape closes, focus goes back to Publish.
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { BULK_NOT_READY_NOTE, bulkNotReadyTitle, GO_BACK, PUBLISH_ANYWAY, PUBLISH_READY_ONLY } from '@/lib/admin/catalog/readiness';

export type UnreadyChoice = 'anyway' | 'ready-only';

interface UnreadyDialogProps {
  counts: { total: number; notReady: number } | null;
  busy: boolean;
  onChoose(choice: UnreadyChoice): void;
  onCancel(): void;
  returnFocus: RefObject<HTMLElement | null>;
}

export function UnreadyDialog({ counts, busy, onChoose, onCancel, returnFocus }: UnreadyDialogProps) {
  return (
    <Dialog.Root open={counts !== null} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          role="alertdialog"
          className="admin fixed left-1/2 top-1/2 z-[60] !min-h-0 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none"
          onCloseAutoFocus={(e) => {
            if (returnFocus.current) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <Dialog.Title className="text-lg font-semibold">{counts ? bulkNotReadyTitle(counts.notReady, counts.total) : ''}</Dialog.Title>
          <Dialog.Description className="adm-muted mt-1">{BULK_NOT_READY_NOTE}</Dialog.Description>
          {/* Go back comes first, so it has the focus when the dialog opens. */}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <button type="button" className="adm-btn" onClick={onCancel} disabled={busy}>
              {GO_BACK}
            </button>
            {counts && counts.notReady < counts.total && (
              <button type="button" className="adm-btn" onClick={() => onChoose('ready-only')} disabled={busy}>
                {PUBLISH_READY_ONLY}
              </button>
            )}
            <button type="button" className="adm-btn-primary" onClick={() => onChoose('anyway')} disabled={busy}>
              {busy ? 'Saving…' : PUBLISH_ANYWAY}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

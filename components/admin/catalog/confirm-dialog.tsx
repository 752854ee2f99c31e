'use client';
// "Are you sure?" before a delete or a bulk change: an alert dialog that traps focus, closes on Escape and gives focus back to the
// button that opened it.
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** 'Cancel' by default. */
  cancelLabel?: string;
  busy: boolean;
  /** The confirm button while busy; 'Deleting…' by default. */
  busyLabel?: string;
  /** A change that can be undone gets the primary button rather than the red one. */
  tone?: 'danger' | 'primary';
  onConfirm(): void;
  onCancel(): void;
  /** Focused again when the dialog closes. */
  returnFocus?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancel', busy, busyLabel = 'Deleting…', tone = 'danger', onConfirm, onCancel, returnFocus }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          role="alertdialog"
          className="admin fixed left-1/2 top-1/2 z-[60] !min-h-0 w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none"
          onCloseAutoFocus={(e) => {
            if (returnFocus?.current) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="adm-muted mt-1">{description}</Dialog.Description>
          {/* Cancel comes first, so it has the focus when the dialog opens. */}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="adm-btn" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
            <button type="button" className={tone === 'danger' ? 'adm-btn-danger' : 'adm-btn-primary'} onClick={onConfirm} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

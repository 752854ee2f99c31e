'use client';
// The back office's small centred dialog for an order (refund, dispatch, an invoice's confirmations): Radix's focus
// trap, Escape and focus return, in the admin look. The form inside mounts only while open, so each opening starts
// fresh.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

interface OrderDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A confirmation is an alertdialog. */
  role?: 'dialog' | 'alertdialog';
  /** Focus goes back here on close: a dialog opened without a Radix trigger has no trigger to return to. */
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function OrderDialog({ open, onOpenChange, role = 'dialog', returnFocus, children }: OrderDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          role={role}
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.current) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
          className="admin fixed left-1/2 top-1/2 z-50 !min-h-0 max-h-[90dvh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none"
        >
          {open && children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

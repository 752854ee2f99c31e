'use client';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  side?: 'left' | 'right';
  /** Focus goes back here on close (the sheet is opened without a Radix trigger). */
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A full-height side sheet (mobile menu, filter drawer) on Radix Dialog: focus trap, Escape, backdrop click and
 * focus return. Loaded on first use so the dialog code stays out of the first page load.
 */
export default function Sheet({ open, onOpenChange, title, side = 'left', returnFocus, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (returnFocus?.current) {
              event.preventDefault();
              returnFocus.current.focus();
            }
          }}
          className={`fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-ivory shadow-xl focus:outline-none ${
            side === 'left' ? 'left-0' : 'right-0'
          }`}
        >
          <div className="flex items-center justify-between border-b border-stone-line px-5 py-4">
            <Dialog.Title className="font-serif text-2xl text-ink">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-ivory-deep"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

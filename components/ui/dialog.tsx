'use client';
import * as Radix from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

/** modal: centred (account forms, confirmations); left/right: full-height side sheet; overlay: the search panel. */
export type DialogKind = 'modal' | 'left' | 'right' | 'overlay';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  kind?: DialogKind;
  /** Read out with the title (a confirmation's question); modal only. */
  description?: string;
  role?: 'dialog' | 'alertdialog';
  /** Focus goes back here on close (for dialogs opened without a Radix trigger). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Focus goes here on open instead of the first focusable control. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  children: ReactNode;
}

const SHEET = 'fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-ivory shadow-xl focus:outline-none';
const CLOSE = 'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ivory-deep';
const SHEET_HEAD = 'flex items-center justify-between border-b border-stone-line px-5 py-4';

const LOOK: Record<DialogKind, { content: string; head: string; close: string; body?: string }> = {
  modal: {
    content:
      'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-ivory p-6 shadow-xl focus:outline-none',
    head: 'flex items-start justify-between gap-4',
    close: `-mt-1 -mr-2 ${CLOSE}`,
    body: 'mt-5',
  },
  left: { content: `${SHEET} left-0`, head: SHEET_HEAD, close: CLOSE, body: 'flex-1 overflow-y-auto px-5 py-4' },
  right: { content: `${SHEET} right-0`, head: SHEET_HEAD, close: CLOSE, body: 'flex-1 overflow-y-auto px-5 py-4' },
  overlay: {
    content:
      'fixed inset-x-0 top-0 z-50 mx-auto flex max-h-[100dvh] w-full max-w-2xl flex-col bg-ivory shadow-2xl focus:outline-none sm:top-16 sm:max-h-[calc(100dvh-8rem)] sm:rounded-sm sm:border sm:border-stone-line',
    head: 'flex items-center justify-between px-5 pb-2 pt-5 sm:px-6',
    close: CLOSE,
  },
};

/** The one dialog shell, on Radix: focus trap, Escape, backdrop click, focus back to what opened it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  kind = 'modal',
  description,
  role = 'dialog',
  returnFocus,
  initialFocus,
  closeLabel = 'Close',
  children,
}: DialogProps) {
  const look = LOOK[kind];
  const modal = kind === 'modal';
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Radix.Content
          role={role}
          {...(modal ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.current) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
          className={look.content}
        >
          <div className={look.head}>
            <Radix.Title className="font-serif text-2xl text-ink">{title}</Radix.Title>
            <Radix.Close aria-label={closeLabel} className={look.close}>
              <X aria-hidden className="size-5" />
            </Radix.Close>
          </div>
          {modal && (
            <Radix.Description className={description ? 'mt-3 text-ink-soft' : 'sr-only'}>{description ?? title}</Radix.Description>
          )}
          {look.body ? <div className={look.body}>{children}</div> : children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** For React.lazy, which takes a module's default export. */
export default Dialog;

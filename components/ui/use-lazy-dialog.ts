'use client';
import { useRef, useState } from 'react';

/**
 * A button that opens a dialog whose code loads on first hover, focus or click (React.lazy on the caller's side),
 * so the dialog stays out of the page's first load. `loaded` stays true once opened, to keep the closing animation
 * and the dialog's state; `button` is where focus returns on close.
 */
export function useLazyDialog(preload: () => void, initiallyOpen: boolean | (() => boolean) = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const [loaded, setLoaded] = useState(open);
  const button = useRef<HTMLButtonElement>(null);
  const trigger = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setLoaded(true);
      setOpen(true);
    },
  };
  return { open, setOpen, loaded, button, trigger };
}

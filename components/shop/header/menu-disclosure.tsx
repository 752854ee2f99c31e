'use client';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** SPEC §9: the dropdown closes 150 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/**
 * A header dropdown (a disclosure: a button and a panel of links). Opens on hover or on click/Enter/Space, closes
 * 150 ms after the pointer leaves, on Escape (focus back on the button), when focus moves elsewhere or a link is
 * followed; ArrowDown/ArrowUp move through the links. The links come rendered from the server, so only this
 * behaviour is the page's JavaScript.
 */
export function MenuDisclosure({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const show = (next: boolean, delay = 0) => {
    clearTimeout(timer.current);
    if (delay) timer.current = setTimeout(() => setOpen(next), delay);
    else setOpen(next);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div
      ref={wrapper}
      className="relative"
      onPointerEnter={(e) => e.pointerType === 'mouse' && show(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && show(false, DROPDOWN_CLOSE_DELAY_MS)}
      onBlur={(e) => wrapper.current?.contains(e.relatedTarget as Node | null) || show(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          show(false);
          button.current?.focus();
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          show(true);
          // A frame later, so a panel that was closed shows its links.
          requestAnimationFrame(() => {
            const links = Array.from(wrapper.current?.querySelectorAll('a') ?? []);
            const at = links.indexOf(document.activeElement as HTMLAnchorElement);
            const next = e.key === 'ArrowDown' ? at + 1 : at < 0 ? -1 : at - 1;
            links.at(next % links.length)?.focus();
          });
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => show(!open)}
        className="group inline-flex items-center gap-1 py-2 text-sm tracking-wide text-ink transition-colors hover:text-gold-dark"
      >
        {label}
        {icon}
      </button>
      {/* A followed link closes the menu. */}
      <div id={panelId} hidden={!open} className="dd-panel" onClick={(e) => (e.target as Element).closest('a') && show(false)}>
        {children}
      </div>
    </div>
  );
}

'use client';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** SPEC §9: the dropdown closes 150 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/**
 * A header dropdown (a disclosure: a button and a panel of links marked data-menu-link). Opens on hover or on
 * click/Enter/Space, closes 150 ms after the pointer leaves, on Escape (focus back on the button), or when focus
 * moves elsewhere. The links come rendered from the server, so only this behaviour is the page's JavaScript.
 */
export function MenuDisclosure({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const pathname = usePathname();

  const cancelClose = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const scheduleClose = useCallback(() => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  }, [cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);
  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  const focusLink = (index: number) => {
    const links = wrapper.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-link]');
    if (!links || links.length === 0) return;
    links[(index + links.length) % links.length]!.focus();
  };

  return (
    <div
      ref={wrapper}
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType === 'mouse') {
          cancelClose();
          setOpen(true);
        }
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') scheduleClose();
      }}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          const links = Array.from(wrapper.current?.querySelectorAll<HTMLElement>('[data-menu-link]') ?? []);
          const at = links.indexOf(document.activeElement as HTMLElement);
          if (!open) setOpen(true);
          // Wait a frame when the panel was closed, so its links exist.
          requestAnimationFrame(() => focusLink(e.key === 'ArrowDown' ? at + 1 : at < 0 ? -1 : at - 1));
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          cancelClose();
          setOpen((v) => !v);
        }}
        className="group inline-flex items-center gap-1 py-2 text-sm tracking-wide text-ink transition-colors hover:text-gold-dark"
      >
        {label}
        {icon}
      </button>
      <div id={panelId} hidden={!open} className="dd-panel">
        {children}
      </div>
    </div>
  );
}

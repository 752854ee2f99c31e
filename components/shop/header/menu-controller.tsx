'use client';
import { useEffect } from 'react';

/** The dropdown closes 150 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/**
 * Brings a server-drawn header dropdown (./menu-disclosure.tsx) to life: opens on hover or on click/Enter/Space,
 * closes 150 ms after the pointer leaves, on Escape (focus back on the button), when focus moves elsewhere or a
 * link is followed; ArrowDown/ArrowUp move through the links. Its button stays disabled until then.
 */
export function MenuController({ id }: { id: string }) {
  useEffect(() => {
    const root = document.getElementById(id);
    const button = root?.querySelector<HTMLButtonElement>(':scope > button');
    const panel = document.getElementById(button?.getAttribute('aria-controls') ?? '');
    if (!root || !button || !panel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (open: boolean) => {
      clearTimeout(timer);
      button.setAttribute('aria-expanded', String(open));
      panel.hidden = !open;
    };
    const onPointerEnter = (e: PointerEvent) => e.pointerType === 'mouse' && show(true);
    const onPointerLeave = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      clearTimeout(timer);
      timer = setTimeout(() => show(false), DROPDOWN_CLOSE_DELAY_MS);
    };
    const onFocusOut = (e: FocusEvent) => root.contains(e.relatedTarget as Node | null) || show(false);
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      if (button.contains(target)) show(panel.hidden);
      else if (target.closest('a')) show(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !panel.hidden) {
        e.stopPropagation();
        show(false);
        button.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        show(true);
        const links = Array.from(panel.querySelectorAll('a'));
        const at = links.indexOf(document.activeElement as HTMLAnchorElement);
        const next = e.key === 'ArrowDown' ? at + 1 : at < 0 ? -1 : at - 1;
        links.at(next % links.length)?.focus();
      }
    };
    root.addEventListener('pointerenter', onPointerEnter);
    root.addEventListener('pointerleave', onPointerLeave);
    root.addEventListener('focusout', onFocusOut);
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    button.disabled = false;
    // The pointer may already rest on the menu when its code arrives.
    if (root.matches(':hover')) show(true);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('pointerenter', onPointerEnter);
      root.removeEventListener('pointerleave', onPointerLeave);
      root.removeEventListener('focusout', onFocusOut);
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
    };
  }, [id]);
  return null;
}

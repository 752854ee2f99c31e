'use client';
import Link from '@/components/shop/shop-link';
import type { RefObject } from 'react';
import { PRIMARY_LINKS, WOMENS_LABEL, WOMENS_LINKS } from './nav-links';
import { Dialog } from '@/components/ui/dialog';

const linkClass = 'block py-2.5 text-base text-ink transition-colors hover:text-gold-dark';

interface MenuSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocus: RefObject<HTMLElement | null>;
  accountHref: string;
}

/** The mobile menu's full-height sheet: the same links as the desktop header, plus cart and account. */
export default function MobileMenuSheet({ open, onOpenChange, returnFocus, accountHref }: MenuSheetProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog kind="left" open={open} onOpenChange={onOpenChange} title="Menu" returnFocus={returnFocus}>
      <nav aria-label="Mobile">
        <ul className="space-y-1">
          <li>
            <Link href={PRIMARY_LINKS.all.href} scroll={false} onClick={close} className={linkClass}>
              {PRIMARY_LINKS.all.label}
            </Link>
          </li>
          <li>
            <Link href={PRIMARY_LINKS.newArrivals.href} scroll={false} onClick={close} className={linkClass}>
              {PRIMARY_LINKS.newArrivals.label}
            </Link>
          </li>
          <li className="pt-3">
            <p className="pb-1 text-xs font-medium uppercase tracking-[0.2em] text-stone-muted">{WOMENS_LABEL}</p>
            <ul className="border-l border-stone-line pl-4">
              {WOMENS_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} scroll={false} onClick={close} className={linkClass}>
                    {link.label}
                  </Link>
                  {link.children && (
                    <ul className="pl-4">
                      {link.children.map((child) => (
                        <li key={child.href}>
                          <Link
                            href={child.href}
                            scroll={false}
                            onClick={close}
                            className="block py-2 text-sm text-stone-muted hover:text-gold-dark"
                          >
                            {child.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </li>
          <li className="pt-3">
            <Link href={PRIMARY_LINKS.mens.href} scroll={false} onClick={close} className={linkClass}>
              {PRIMARY_LINKS.mens.label}
            </Link>
          </li>
        </ul>
        <ul className="mt-6 space-y-1 border-t border-stone-line pt-4">
          <li>
            <Link href={PRIMARY_LINKS.quickOrder.href} scroll={false} onClick={close} className={linkClass}>
              {PRIMARY_LINKS.quickOrder.label}
            </Link>
          </li>
          <li>
            <Link href="/cart" scroll={false} onClick={close} className={linkClass}>
              Cart
            </Link>
          </li>
          <li>
            <Link href={accountHref} scroll={false} onClick={close} className={linkClass}>
              {accountHref === '/dashboard' ? 'My Account' : 'Sign In'}
            </Link>
          </li>
        </ul>
      </nav>
    </Dialog>
  );
}

'use client';
import { Menu } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { PRIMARY_LINKS, WOMENS_LABEL, WOMENS_LINKS } from './nav-links';

const Sheet = dynamic(() => import('./sheet'), { ssr: false });
const preload = () => void import('./sheet');

const linkClass = 'block py-2.5 text-base text-ink transition-colors hover:text-gold-dark';

/** The mobile menu toggle and its full-height sheet with the same links as the desktop header. */
export function MobileMenu({ accountHref }: { accountHref: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-label="Open menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="icon-btn lg:hidden"
      >
        <Menu aria-hidden className="size-5" />
      </button>
      {loaded && (
        <Sheet open={open} onOpenChange={setOpen} title="Menu" returnFocus={toggle}>
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
        </Sheet>
      )}
    </>
  );
}

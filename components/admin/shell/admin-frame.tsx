'use client';
// The back office frame: side menu (a collapsible panel under the header on small screens), header with the global
// product search, and the screen. Client-side for the current-screen mark and the mobile menu; the screen itself
// stays a server component passed in as children.
import { FileText, Gem, LayoutDashboard, Menu, MessageSquareText, Settings, ShoppingBag, Users, X } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN_HOME, ADMIN_NAV, isActiveNav, type AdminNavIcon } from '@/lib/admin/nav';
import { LinkPending } from '../link-pending';
import { AdminSearch } from './admin-search';

const ICONS: Record<AdminNavIcon, typeof Gem> = {
  dashboard: LayoutDashboard,
  orders: ShoppingBag,
  customers: Users,
  quotes: MessageSquareText,
  category: Gem,
  pages: FileText,
  settings: Settings,
};

interface AdminFrameProps {
  email: string;
  /** The sign-out form (a server action), rendered on the server. */
  signOut: ReactNode;
  /** Counts shown beside menu entries, by href (the quote requests waiting for an answer). */
  badges?: Record<string, number>;
  /** What a badge counts, by href ('pending'): the entry is then named 'Trade accounts, 3 pending'. */
  badgeWords?: Record<string, string>;
  children: ReactNode;
}

export function AdminFrame({ email, signOut, badges = {}, badgeWords = {}, children }: AdminFrameProps) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A new screen closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="admin lg:grid lg:grid-cols-[15rem_1fr]">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <aside className="border-neutral-200 bg-white lg:border-r">
        <div className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto">
          <div className="flex h-14 items-center justify-between border-b border-neutral-200 px-4">
            <Link href={ADMIN_HOME} className="text-sm font-semibold tracking-[0.2em] text-ink">
              AURELIA <span className="font-normal tracking-normal text-stone-muted">Admin</span>
            </Link>
            <button
              ref={toggleRef}
              type="button"
              className="adm-btn lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-menu"
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <X aria-hidden className="size-4" /> : <Menu aria-hidden className="size-4" />}
              Menu
            </button>
          </div>
          <nav id="admin-menu" aria-label="Admin" className={`${menuOpen ? 'block' : 'hidden'} border-b border-neutral-200 lg:block lg:border-0`}>
            <ul className="space-y-0.5 p-2">
              {ADMIN_NAV.map((item) => {
                const Icon = ICONS[item.icon];
                const active = isActiveNav(pathname, item.href);
                const count = badges[item.href] ?? 0;
                const words = badgeWords[item.href];
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? 'page' : undefined}
                      aria-label={words && count > 0 ? `${item.label}, ${count} ${words}` : undefined}
                      className={`flex items-center gap-2.5 rounded-md border-l-2 px-3 py-2 text-sm transition-colors ${
                        active ? 'border-gold bg-neutral-100 font-semibold text-ink' : 'border-transparent text-ink-soft hover:bg-neutral-50'
                      }`}
                    >
                      <Icon aria-hidden className="size-4 shrink-0" />
                      {item.label}
                      {(badges[item.href] ?? 0) > 0 && (
                        <span className="tabular rounded-full bg-gold-dark px-1.5 text-xs font-semibold text-white" aria-label={`${badges[item.href]} open`}>
                          {badges[item.href]}
                        </span>
                      )}
                      <LinkPending className="ml-auto size-3.5" />
                    </Link>
                  </li>
                );
              })}
              <li className="mt-2 border-t border-neutral-200 pt-2">{signOut}</li>
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-neutral-200 bg-white/95 px-4 backdrop-blur">
          <AdminSearch />
          <span className="ml-auto hidden truncate text-xs text-stone-muted md:block" title={email}>
            {email}
          </span>
        </header>
        <main id="admin-main" tabIndex={-1} className="mx-auto max-w-7xl p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

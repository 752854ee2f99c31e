'use client';
import type { ReactNode } from 'react';
import Link from '@/components/shop/shop-link';
import { useSignedIn } from './use-signed-in';

/** The header's account icon: /dashboard with a session, /login without (the icon comes drawn from the server). */
export function AccountLink({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  return (
    <Link href={signedIn ? '/dashboard' : '/login'} scroll={false} aria-label={signedIn ? 'My account' : 'Sign in'} className="icon-btn">
      {children}
    </Link>
  );
}

'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';

// @supabase/ssr keeps the session in readable cookies named sb-<project>-auth-token (split into .0, .1… when long).
const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;]+-auth-token(?:\.\d+)?=[^;]/;

/**
 * Whether the visitor has a session, read from the cookie in the browser so shop pages stay cacheable (no cookies()
 * on the server). Only decides where the account icon points: /dashboard itself is guarded by the middleware.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  const pathname = usePathname();
  useEffect(() => {
    setSignedIn(SESSION_COOKIE.test(document.cookie));
  }, [pathname]);
  return signedIn;
}

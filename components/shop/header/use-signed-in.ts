'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';

// The session cookies are HttpOnly; the server keeps a harmless hint cookie beside them (lib/core/supabase/cookies.ts).
const SIGNED_IN_HINT = /(?:^|;\s*)shop_signed_in=1(?:;|$)/;

/**
 * Whether the visitor has a session, read from the hint cookie in the browser so shop pages stay cacheable (no
 * cookies() on the server). Only decides where the account icon points: /dashboard itself is guarded on the server.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  const pathname = usePathname();
  useEffect(() => {
    setSignedIn(SIGNED_IN_HINT.test(document.cookie));
  }, [pathname]);
  return signedIn;
}

import 'server-only';
import { createServerClient } from '@supabase/ssr';
import { cookies, headers } from 'next/headers';
import { env } from '../env';
import { cookiesFollowingSession, sessionChange, sessionCookieOptions } from './cookies';
import { realtimeOptions } from './realtime';
import { authForwarding } from './auth-forwarding';
import { clientAddress } from '../rate-limit/rules';

/** Supabase client for server components, server actions and route handlers, bound to the visitor's cookies. */
export async function createSupabaseServerClient() {
  const cookieStore = await cookies();
  const { NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY, SITE_URL } = env();
  const forwarding = authForwarding(clientAddress(await headers()), NEXT_PUBLIC_SUPABASE_URL);
  const secure = SITE_URL.startsWith('https:');
  return createServerClient(NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY, {
    realtime: realtimeOptions,
    global: { fetch: forwarding.fetch },
    cookieOptions: sessionCookieOptions(secure),
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll: (list) => {
        if (forwarding.refreshPostponed() && sessionChange(list) === false) return;
        try {
          for (const { name, value, options } of list) cookieStore.set(name, value, options);
          const change = sessionChange(list);
          if (change !== null) {
            for (const c of cookiesFollowingSession(change, secure)) cookieStore.set(c.name, c.value, c.options);
          }
        } catch {
          // Server components cannot set cookies; the middleware refreshes the session instead.
        }
      },
    },
  });
}

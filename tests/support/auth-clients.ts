// Supabase clients for tests that act like the app: the unchanged supabase-js and @supabase/ssr clients against the
// test stack's API stand-in.
import { createServerClient, type CookieMethodsServer } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';

export { realtimeOptions as realtimeForNode } from '../../lib/core/supabase/realtime';
import { realtimeOptions as realtimeForNode } from '../../lib/core/supabase/realtime';

export const supabaseUrl = () => process.env.NEXT_PUBLIC_SUPABASE_URL!;
export const anonKey = () => process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY!;
export const serviceRoleKey = () => process.env.SUPABASE_SERVICE_ROLE_KEY!;

/** A browser-like client without persistence: its session lives in memory until signOut. */
export function anonClient(url = supabaseUrl()) {
  return createClient(url, anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: realtimeForNode,
  });
}

/** The service-role client the seed script and server-only code use (supabase.auth.admin). */
export function serviceClient(url = supabaseUrl()) {
  return createClient(url, serviceRoleKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: realtimeForNode,
  });
}

/** A cookie store standing in for a browser's cookies across server requests. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  const methods: CookieMethodsServer = {
    getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
    setAll: (list) => {
      for (const { name, value, options } of list) {
        if (!value || options?.maxAge === 0) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
  return { cookies, methods };
}

/** The server client of lib/core/supabase, bound to a cookie jar. */
export function serverClient(jar: ReturnType<typeof cookieJar>, url = supabaseUrl()) {
  return createServerClient(url, anonKey(), { cookies: jar.methods, realtime: realtimeForNode });
}

import { createServerClient } from '@supabase/ssr';
import { NextResponse, type NextRequest } from 'next/server';
import { publicEnv } from '../env.public';
import { realtimeOptions } from './realtime';

/** Refreshes the visitor's session cookies and returns the signed-in user (or null) with the response to send. */
export async function updateSession(request: NextRequest) {
  let response = NextResponse.next({ request });
  // Most shop traffic is anonymous: with no auth cookie there is no session to refresh, so no client is built.
  if (!request.cookies.getAll().some((c) => c.name.startsWith('sb-') && c.name.includes('-auth-token'))) {
    return { user: null, response: () => response };
  }
  const supabase = createServerClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    realtime: realtimeOptions,
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll: (list) => {
        for (const { name, value } of list) request.cookies.set(name, value);
        response = NextResponse.next({ request });
        for (const { name, value, options } of list) response.cookies.set(name, value, options);
      },
    },
  });
  const {
    data: { user },
  } = await supabase.auth.getUser();
  return { user, response: () => response };
}

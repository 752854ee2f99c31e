'use client';
import { createBrowserClient } from '@supabase/ssr';
import { publicEnv } from '../env.public';

let client: ReturnType<typeof createBrowserClient> | undefined;

/** The one browser Supabase client (cookie session shared with the server through @supabase/ssr). */
export function supabaseBrowser() {
  client ??= createBrowserClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey);
  return client;
}

// The service-role Supabase client the seed uses for Auth admin calls and Storage uploads.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/**
 * supabase-js builds a Realtime client up front and throws on Node < 22, which has no global WebSocket. The seed
 * never opens a channel, so a constructor that refuses to connect is enough there.
 */
const NoWebSocket = class {
  constructor() {
    throw new Error('Realtime is not used by the seed');
  }
} as unknown as Transport;

export function serviceClient(supabaseUrl: string, serviceRoleKey: string): SupabaseClient {
  return createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ((globalThis as { WebSocket?: unknown }).WebSocket as Transport | undefined) ?? NoWebSocket },
  });
}

// supabase-js builds a Realtime client when a client is created, and on Node.js < 22 (no global WebSocket) that
// throws. The shop never opens a Realtime channel on the server, so where no WebSocket exists we hand it a transport
// that refuses to connect instead of adding a WebSocket library.
import type { SupabaseClientOptions } from '@supabase/supabase-js';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

const RealtimeUnavailable = class {
  constructor() {
    throw new Error('Realtime is not used on the server');
  }
} as unknown as Transport;

export const realtimeOptions: { transport: Transport } = {
  transport: ((globalThis as { WebSocket?: unknown }).WebSocket as Transport | undefined) ?? RealtimeUnavailable,
};

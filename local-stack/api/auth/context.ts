// What every Auth handler gets, and what it returns.
import type { Pool } from '../db';
import type { RequestContext } from '../http';
import type { AuthContextConfig } from './config';
import type { AuthRateLimiter } from './rate-limit';
import type { ClientInfo } from './sessions';

export interface AuthDeps {
  pool: Pool;
  config: AuthContextConfig;
  /** GoTrue's rate limits; left out, nothing is limited. */
  limiter?: AuthRateLimiter;
}

export interface AuthRequest {
  ctx: RequestContext;
  deps: AuthDeps;
  /** The raw body (read once, at most 1 MiB). */
  body(): Promise<Buffer>;
  client: ClientInfo;
}

export type AuthResult =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: 204 }
  | { redirect: string };

export const ok = (json: unknown, headers?: Record<string, string>): AuthResult => ({ status: 200, json, headers });

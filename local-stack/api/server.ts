// The offline Supabase API on one port, like `supabase start`'s gateway: /auth/v1 (GoTrue stand-in), /storage/v1
// (Storage stand-in), /mailbox (where their mail and the local SMTP server's lands) and /v1/projects/{ref}/config/auth (the Management API's
// view of the Auth settings). Development and test infrastructure only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { LOCAL_DEFAULTS } from '../../lib/core/local-defaults';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from './auth/config';
import { readAuthConfig, type ProjectAuthConfig } from './auth/project-config';
import { AuthRateLimiter } from './auth/rate-limit';
import { handleAuth } from './auth/router';
import { handleManagement } from './management';
import type { Pool } from './db';
import { corsHeaders, sendEmpty, sendJson, type RequestContext } from './http';
import { handleMailbox } from './mailbox/router';
import type { SmtpControl } from '../smtp/server';
import type { StandInLog } from '../log';
import { handleStorage } from './storage/router';

export interface ApiServerOptions {
  port: number;
  databaseUrl: string;
  /** Object files live under `${storageDir}/{bucket}/{path}`. */
  storageDir: string;
  /** The app's URL: email links point to `${siteUrl}/auth/confirm`. Default: config.toml's auth.site_url. */
  siteUrl?: string;
  /** supabase/config.toml's auth settings (read from the file when not given), as `supabase start` applies them. */
  projectConfig?: ProjectAuthConfig;
  jwtSecret?: string;
  log?: StandInLog;
  /** Overrides of config.toml's auth settings (tests shorten the refresh-token reuse interval, for example). */
  auth?: Partial<AuthSettings>;
  /** Global upload limit in bytes; Supabase's default is 50 MiB. */
  fileSizeLimit?: number;
  /** The local SMTP server whose mail the mailbox shows: /mailbox/api/smtp reports its state and changes it. */
  smtp?: SmtpControl;
}

export interface ApiServer {
  url: string;
  stop(): Promise<void>;
}

const PREFIXES = [
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/mailbox', 'mailbox'],
  ['/v1/projects', 'management'],
] as const;

export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  const jwtSecret = opts.jwtSecret ?? LOCAL_DEFAULTS.jwtSecret;
  const pool = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} }) as unknown as Pool;
  const project = opts.projectConfig ?? readAuthConfig();
  const settings: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, ...project.settings, ...opts.auth };
  const siteUrl = (opts.siteUrl ?? project.siteUrl ?? LOCAL_DEFAULTS.siteUrl).replace(/\/$/, '');
  const authConfig = { settings, jwtSecret, siteUrl, apiUrl: '', templates: project.templates };
  const limiter = new AuthRateLimiter(settings.rateLimits);
  const storageDeps = {
    pool,
    jwtSecret,
    storageDir: opts.storageDir,
    fileSizeLimit: opts.fileSizeLimit ?? 50 * 1024 * 1024,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    for (const [name, value] of Object.entries(corsHeaders(req.headers.origin))) res.setHeader(name, value);
    if (opts.log) {
      res.on('finish', () => opts.log?.(`${method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`));
    }
    if (method === 'OPTIONS') return sendEmpty(res, 204);

    const match = PREFIXES.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    if (!match) return sendJson(res, 404, { message: 'no Route matched with those values' });
    const [prefix, service] = match;
    const ctx: RequestContext = {
      req,
      res,
      method,
      url,
      path: url.pathname.slice(prefix.length) || '/',
      header: (name) => {
        const value = req.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      },
    };
    if (service === 'auth') return handleAuth(ctx, { pool, config: authConfig, limiter }, opts.log);
    if (service === 'storage') return handleStorage(ctx, storageDeps, opts.log);
    if (service === 'management') return handleManagement(ctx, authConfig, LOCAL_DEFAULTS.serviceRoleKey);
    return handleMailbox(ctx, pool, opts.smtp);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log?.(`api: ${req.method} ${req.url} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`, 'error');
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  // The stack's ports lie in the system's range for outgoing connections, so a client connection (to the stack's own
  // Postgres, say) can hold the port for a moment: a few tries a second apart before giving up.
  const listening = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await listen();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  };
  await listening().catch(async (err: unknown) => {
    await pool.end();
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`The API stand-in could not listen on 127.0.0.1:${opts.port} (${reason})`);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  authConfig.apiUrl = url;

  return {
    url,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end({ timeout: 5 });
    },
  };
}

// Next.js's request scope for integration tests of server actions and route handlers: `cookies()` and `headers()`
// of next/headers read and write a cookie jar that stands for one browser, so the real @supabase/ssr client, the
// real Auth stand-in and the real database run underneath. Used as the module of next/headers:
//   vi.mock('next/headers', () => import('../support/next-request'));
import { AsyncLocalStorage } from 'node:async_hooks';
import { CLIENT_ADDRESS_HEADER } from '../../lib/core/http/client-address.mjs';

export interface Browser {
  /** Cookie name → value, as the browser would send them. */
  jar: Map<string, string>;
  /** Request headers (the connection-address header the production server sets decides the rate limits' address). */
  headers: Headers;
}

const scope = new AsyncLocalStorage<Browser>();

export function browser(address = `10.${rand()}.${rand()}.${rand()}`): Browser {
  return { jar: new Map(), headers: new Headers({ [CLIENT_ADDRESS_HEADER]: address }) };
}

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}

/** Runs `fn` as one request of `who`. */
export function asRequest<T>(who: Browser, fn: () => Promise<T>): Promise<T> {
  return scope.run(who, fn);
}

function current(): Browser {
  const who = scope.getStore();
  if (!who) throw new Error('cookies() and headers() need asRequest(browser, …) in tests');
  return who;
}

export async function cookies() {
  const { jar } = current();
  return {
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (!value || options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
    delete: (name: string) => jar.delete(name),
  };
}

export async function headers() {
  return current().headers;
}

export async function draftMode() {
  return { isEnabled: false };
}

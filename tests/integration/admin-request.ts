// The request the server code sees in the back-office integration tests: whose cookies (a jar holding a real session
// from the Auth stand-in, or none) and which client address. Test files mock next/headers with these:
//   vi.mock('next/headers', async () => {
//     const r = await import('./admin-request');
//     return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
//   });
// No imports from the app: the mock factory loads this file while the app's modules are still loading.
import { cookieJar } from '../support/auth-clients';

export type Jar = ReturnType<typeof cookieJar>;

/** The request the server code sees: whose cookies, and which client address. */
export const request = { jar: cookieJar(), address: '203.0.113.7' };

/** Next's cookie store over the current jar (what `cookies()` returns inside a request). */
export function cookieStore() {
  const jar = request.jar;
  return {
    getAll: () => jar.methods.getAll() as { name: string; value: string }[],
    get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name)! } : undefined),
    has: (name: string) => jar.cookies.has(name),
    set: (name: string, value: string, options?: { maxAge?: number }) =>
      void jar.methods.setAll!([{ name, value, options: options ?? {} }], {}),
    delete: (name: string) => void jar.cookies.delete(name),
  };
}

export function requestHeaders(): Headers {
  // The production server's connection-address header (lib/core/http/client-address.mjs), spelled out: see above.
  return new Headers({ 'x-shop-client-address': request.address, host: 'localhost' });
}

/** Runs `fn` as the holder of `jar`. */
export async function as<T>(jar: Jar, fn: () => Promise<T>): Promise<T> {
  const previous = request.jar;
  request.jar = jar;
  try {
    return await fn();
  } finally {
    request.jar = previous;
  }
}


// Customers for the browser tests: real users of the Auth stand-in (made with the service-role admin API), and a
// browser context signed in with the session cookies @supabase/ssr itself writes, so journeys that are not about
// signing in do not spend the sign-in limits.
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE } from '../../lib/core/supabase/cookies';
import { cookieJar, serverClient, serviceClient } from './auth-clients';

export interface TestCustomer {
  id: string;
  email: string;
  password: string;
}

export async function createCustomer(tag: string, fullName?: string): Promise<TestCustomer> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@e2e.test`;
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: fullName ? { full_name: fullName } : {},
  });
  if (error || !data.user) throw new Error(`creating ${email} failed: ${error?.message}`);
  return { id: data.user.id, email, password };
}

/** Puts a fresh session of `customer` into the context's cookies, as a sign-in on the site would. */
export async function signInContext(context: BrowserContext, customer: TestCustomer, baseURL: string): Promise<void> {
  const jar = cookieJar();
  const { error } = await serverClient(jar).auth.signInWithPassword({ email: customer.email, password: customer.password });
  if (error) throw new Error(`signing ${customer.email} in failed: ${error.message}`);
  const url = new URL(baseURL);
  await context.addCookies(
    [...jar.cookies, [SIGNED_IN_HINT_COOKIE, '1'] as const].map(([name, value]) => ({
      name,
      value,
      domain: url.hostname,
      path: '/',
      httpOnly: name !== SIGNED_IN_HINT_COOKIE,
      sameSite: 'Lax' as const,
    })),
  );
}

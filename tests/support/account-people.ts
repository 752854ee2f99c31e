// Customers for the account tests: real users of the Auth stand-in, signed in through the shop's own sign-in
// action, each in a browser (cookie jar) of their own.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signIn } from '@/lib/auth/actions';
import { serviceClient } from './auth-clients';
import { asRequest, browser, type Browser } from './next-request';

export interface Customer {
  id: string;
  email: string;
  password: string;
  browser: Browser;
}

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@account.test`;

/** The digest Next.js gives redirect(): 'NEXT_REDIRECT;replace;/dashboard;307;'. */
export async function redirectOf(run: Promise<unknown>): Promise<string> {
  try {
    const result = await run;
    throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  } catch (err) {
    const digest = (err as { digest?: string }).digest;
    if (!digest?.startsWith('NEXT_REDIRECT')) throw err;
    return digest.split(';')[2]!;
  }
}

export async function newCustomer(tag: string, fullName: string | null = null): Promise<Customer> {
  const email = uniqueEmail(tag);
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: fullName ? { full_name: fullName } : {},
  });
  expect(error).toBeNull();
  const who = browser();
  expect(await redirectOf(asRequest(who, () => signIn({ email, password })))).toBe('/dashboard');
  return { id: data.user!.id, email, password, browser: who };
}

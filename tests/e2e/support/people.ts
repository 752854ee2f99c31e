// A customer of its own for each journey that signs in (so per-e-mail sign-in limits never meet across tests).
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export async function newCustomer(tag: string): Promise<{ email: string; password: string }> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY!;
  const res = await fetch(`${process.env.NEXT_PUBLIC_SUPABASE_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  expect(res.status).toBe(200);
  return { email, password };
}

/** Signs in through the /login form (whatever `next` the page was opened with). */
export async function signInWithForm(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Your Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

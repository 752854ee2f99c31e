// Every view of the sign-in card in Chromium: register, sign out and in, a wrong password, the magic link, the
// 6-digit code and a password reset, with the mail read from the local mailbox.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestMail } from '../support/mailbox';
import { createCustomer } from '../support/e2e-accounts';

const apiUrl = () => process.env.NEXT_PUBLIC_SUPABASE_URL!;

// Streamed pages keep a hidden copy of late content in the DOM for a moment: only what is shown counts.
const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const redBox = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a new customer registers, confirms the mail, lands on the account page, signs out and signs in again', async ({ page }) => {
  const email = `register-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(page.getByLabel('Create a Password')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Create a Password').fill('abc');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // The weak-password message in the red box, its reason beside the field.
  await expect(redBox(page, 'Password should be at least 6 characters.')).toBeVisible();
  await expect(page.getByText('It is too short.')).toBeVisible();

  await page.getByLabel('Create a Password').fill('a-good-password-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Confirmations are on, as on a new hosted project: no session until the mailed link is opened.
  await expect(status(page, 'Check your email for the confirmation link')).toBeVisible();
  const mail = await latestMail(apiUrl(), email, { timeoutMs: 5000 });
  expect(mail?.subject).toBe('Confirm Your Signup');
  expect(mail?.links[0]).toContain('/auth/confirm?token_hash=');
  await page.goto(mail!.links[0]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(shown(page, 'account-name')).toHaveText(email);

  // Signed in, /login and /register lead to the account page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Your Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(redBox(page, 'Invalid login credentials')).toBeVisible();
  await page.getByLabel('Your Password').fill('a-good-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a magic link from the mailbox signs in; an empty address is named', async ({ page }) => {
  const customer = await createCustomer('magic');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Send a magic link email' }).click();
  await expect(page.getByLabel('Email address')).toBeFocused();
  await expect(page.getByLabel('Your Password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText('Email address is required')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email address').fill(customer.email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(status(page, 'Check your email for the magic link')).toBeVisible();
  const mail = await latestMail(apiUrl(), customer.email, { timeoutMs: 5000 });
  expect(mail?.links[0]).toContain('/auth/confirm?token_hash=');
  await page.goto(mail!.links[0]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(customer.email).first()).toBeVisible();
});

test('the 6-digit code from the mail signs in', async ({ page }) => {
  const customer = await createCustomer('code');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Send a magic link email' }).click();
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(status(page, 'Check your email for the magic link')).toBeVisible();
  const mail = await latestMail(apiUrl(), customer.email, { timeoutMs: 5000 });

  await page.getByRole('button', { name: 'Have a code from the email? Enter it here' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
  await expect(page.getByLabel('Token')).toHaveAttribute('placeholder', 'Your Otp token');
  await page.getByLabel('Token').fill('000000' === mail!.code ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify token' }).click();
  await expect(redBox(page, 'Token has expired or is invalid')).toBeVisible();
  await page.getByLabel('Token').fill(mail!.code!);
  await page.getByRole('button', { name: 'Verify token' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a password reset through the mailbox ends at "Your password has been updated"', async ({ page }) => {
  const customer = await createCustomer('reset');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset password instructions' }).click();
  await expect(status(page, 'Check your email for the password reset link')).toBeVisible();
  const mail = await latestMail(apiUrl(), customer.email, { timeoutMs: 5000 });

  await page.goto(mail!.links[0]!);
  await expect(page).toHaveURL(/\/login\?view=update_password$/);
  await expect(page.getByLabel('New password')).toHaveAttribute('placeholder', 'Your new password');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('New password').fill('a-fresh-password-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(status(page, 'Your password has been updated')).toBeVisible();
  // Back on sign_in, in place.
  await expect(page.getByLabel('Your Password')).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Your Password').fill('a-fresh-password-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired or reused e-mail link says so on the sign-in card', async ({ page }) => {
  await page.goto('/auth/confirm?token_hash=0000000000000000&type=magiclink');
  await expect(page).toHaveURL(/\/login\?error=link_invalid$/);
  await expect(redBox(page, 'Email link is invalid or has expired')).toBeVisible();
});

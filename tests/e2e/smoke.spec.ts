import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../supabase/seed/demo-users';

test('the home page renders', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the demo customer signs in at /login and lands on the account page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(DEMO_USERS.customer.email);
  await page.getByLabel('Your Password').fill(DEMO_USERS.customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(DEMO_USERS.customer.email).first()).toBeVisible();
});

test('a wrong password shows the server message in the red box', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_USERS.customer.email);
  await page.getByLabel('Your Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('/dashboard sends a guest to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

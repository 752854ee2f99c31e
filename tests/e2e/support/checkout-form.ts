// Filling the checkout page as a buyer does (shared by the checkout journeys).
import type { Page } from '@playwright/test';

/** The contact e-mail (where the order's mail goes) and the shipping address. */
export async function fillShipping(page: Page, email = 'grace.hopper@example.test') {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Street address').fill('1 Compiler Way');
  await page.getByLabel('City').fill('Arlington');
  await page.getByLabel('State/Province').fill('VA');
  await page.getByLabel('Postal code').fill('22201');
  await page.getByLabel('Phone number').fill('+1 (555) 010-0100');
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

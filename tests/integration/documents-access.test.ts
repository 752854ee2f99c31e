// The access matrix of the document routes (GET /api/orders/{id}/invoice and /credit-notes/{number}), with real
// sessions from the Auth stand-in, the real signed checkout cookie and signed order links: an admin, the customer who
// owns the order, the browser that paid and a valid token get the PDF; another customer, a guest holding another
// order's cookie, a forged id, a forged token or another order's token, and an order without an invoice get the same
// 404. The order links of the buyer's mail open the confirmation page too; the account and admin lists link the
// documents. Signing out (the shop's, the admin's, or Auth refusing the session) ends the checkout cookie's access.
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import OrderConfirmationPage from '@/app/(shop)/order-confirmation/[orderId]/page';
import { GET as invoiceGET } from '@/app/api/orders/[orderId]/invoice/route';
import { GET as creditNoteGET } from '@/app/api/orders/[orderId]/credit-notes/[number]/route';
import { listCustomerOrders } from '@/lib/account/orders';
import { signOutAdmin } from '@/lib/admin/auth/actions';
import { signOut } from '@/lib/auth/actions';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { CHECKOUT_COOKIE, checkoutCookieKey, signCheckoutIds } from '@/lib/checkout/cookie';
import { withActor } from '@/lib/core/db';
import { isSessionCookie } from '@/lib/core/supabase/cookies';
import { updateSession } from '@/lib/core/supabase/middleware';
import { env } from '@/lib/core/env';
import { creditNoteLink, documentLinks, orderToken } from '@/lib/documents/access';
import { DOCUMENT_NOT_FOUND } from '@/lib/documents/labels';
import { loadConfirmation } from '@/lib/orders/confirmation';
import { quoteToken } from '@/lib/quotes/link';
import { quoteOrderHref } from '@/lib/quotes/page';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { serviceClient, cookieJar } from '../support/auth-clients';
import { as, type Jar } from './admin-request';
import { callers, closeSupport, paidOrder, signedInJar, type Callers } from './admin-support';
import { insertProducts, sdk, setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type TestProducts, type WebhookEndpoint, removeProducts, restoreDelivery } from './checkout-support';
import { fulfilledOrder, invoiceOf, type PaidCheckout } from './documents-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let p: TestProducts;
let who: Callers & { other: Jar; payer: Jar };
let endpoint: WebhookEndpoint;
let owned: PaidCheckout;
let guest: PaidCheckout;
let noInvoice: string;
let invoiceNumber: string;
let noteNumber: string;

beforeAll(async () => {
  p = await insertProducts();
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
  const base = await callers();
  const email = `other-${Date.now().toString(36)}@documents.test`;
  const { error } = await serviceClient().auth.admin.createUser({ email, password: 'other-customer-pw', email_confirm: true });
  if (error) throw error;
  const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  owned = await fulfilledOrder(p, customer!.id);
  guest = await fulfilledOrder(p);
  await waitForDeliveries();
  await sdk.refunds.create({ payment_intent: owned.paymentIntentId, amount: 1_000 });
  await waitForDeliveries();
  // The browser that paid for the guest order: its signed checkout cookie, as the checkout route sets it.
  const payer = cookieJar();
  payer.cookies.set(CHECKOUT_COOKIE, signCheckoutIds([guest.checkoutId], checkoutCookieKey(env().CHECKOUT_COOKIE_SECRET)));
  who = { ...base, other: await signedInJar(email, 'other-customer-pw'), payer };
  noInvoice = (await paidOrder(sql)).id;
  invoiceNumber = (await invoiceOf(owned.orderId))!.number;
  const [note] = await sql<{ number: string }[]>`select number from credit_notes where order_id = ${owned.orderId}`;
  noteNumber = note!.number;
});

afterAll(async () => {
  await removeProducts(p);
  await waitForDeliveries();
  await restoreDelivery();
  await endpoint.close();
  await sql`delete from orders where id = ${noInvoice}`;
  await closeSupport();
});

const invoice = (jar: Jar, orderId: string, query = '') =>
  as(jar, () => invoiceGET(new Request(`http://localhost/api/orders/${orderId}/invoice${query}`), { params: Promise.resolve({ orderId }) }));
const creditNote = (jar: Jar, orderId: string, number: string, query = '') =>
  as(jar, () =>
    creditNoteGET(new Request(`http://localhost/api/orders/${orderId}/credit-notes/${number}${query}`), { params: Promise.resolve({ orderId, number }) }),
  );

async function expectPdf(response: Response, number: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`inline; filename="${number}.pdf"`);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(((await response.json()) as { error: string }).error).toBe(DOCUMENT_NOT_FOUND);
}

const t = (orderId: string) => `?t=${orderToken(orderId)}`;

describe('the document routes’ access matrix', () => {
  const allowed: [string, () => [Jar, string, string]][] = [
    ['the admin', () => [who.admin, owned.orderId, '']],
    ['the customer who owns the order', () => [who.customer, owned.orderId, '']],
    ['the browser that paid (checkout cookie)', () => [who.payer, guest.orderId, '']],
    ['anyone with the order link’s token', () => [who.anon, owned.orderId, t(owned.orderId)]],
    ['another customer holding the token', () => [who.other, owned.orderId, t(owned.orderId)]],
  ];
  for (const [name, row] of allowed) {
    it(`gives the invoice to ${name}`, async () => {
      const [jar, orderId, query] = row();
      await expectPdf(await invoice(jar, orderId, query), (await invoiceOf(orderId))!.number);
    });
  }

  const refused: [string, () => [Jar, string, string]][] = [
    ['an anonymous visitor', () => [who.anon, owned.orderId, '']],
    ['another customer', () => [who.other, owned.orderId, '']],
    ['the owner of one order asking for another’s', () => [who.customer, guest.orderId, '']],
    ['a guest holding another order’s checkout cookie', () => [who.payer, owned.orderId, '']],
    ['a forged order id', () => [who.admin, crypto.randomUUID(), '']],
    ['a malformed order id', () => [who.admin, 'not-an-order', '']],
    ['a forged token', () => [who.anon, owned.orderId, `?t=${'A'.repeat(43)}`]],
    ['a token cut short', () => [who.anon, owned.orderId, t(owned.orderId).slice(0, -2)]],
    ['another order’s token', () => [who.anon, owned.orderId, t(guest.orderId)]],
    ['an order without an invoice, even to the admin', () => [who.admin, noInvoice, '']],
  ];
  for (const [name, row] of refused) {
    it(`answers 404 to ${name}`, async () => {
      const [jar, orderId, query] = row();
      await expectNotFound(await invoice(jar, orderId, query));
    });
  }

  it('gives a credit note to the admin, the owner and the token, and 404 to the rest', async () => {
    await expectPdf(await creditNote(who.admin, owned.orderId, noteNumber), noteNumber);
    await expectPdf(await creditNote(who.customer, owned.orderId, noteNumber), noteNumber);
    await expectPdf(await creditNote(who.anon, owned.orderId, noteNumber, t(owned.orderId)), noteNumber);
    await expectNotFound(await creditNote(who.anon, owned.orderId, noteNumber));
    await expectNotFound(await creditNote(who.other, owned.orderId, noteNumber));
    await expectNotFound(await creditNote(who.payer, owned.orderId, noteNumber));
    await expectNotFound(await creditNote(who.anon, owned.orderId, noteNumber, t(guest.orderId)));
    // A real note number under another order, a number that does not exist, and no number at all.
    await expectNotFound(await creditNote(who.admin, guest.orderId, noteNumber));
    await expectNotFound(await creditNote(who.admin, owned.orderId, 'CN-2000-999999'));
    await expectNotFound(await creditNote(who.admin, owned.orderId, invoiceNumber));
  });
});

describe('order links', () => {
  it('are absolute on the site, carry the token and open the invoice, the credit note and the order', async () => {
    const links = documentLinks(guest.orderId);
    const site = new URL(env().SITE_URL).origin;
    expect(links.order).toBe(`${site}/order-confirmation/${guest.orderId}?t=${orderToken(guest.orderId)}`);
    expect(links.invoice).toBe(`${site}/api/orders/${guest.orderId}/invoice?t=${orderToken(guest.orderId)}`);
    expect(creditNoteLink(owned.orderId, noteNumber)).toBe(`${site}/api/orders/${owned.orderId}/credit-notes/${noteNumber}?t=${orderToken(owned.orderId)}`);
    await expectPdf(await invoice(who.anon, guest.orderId, new URL(links.invoice).search), (await invoiceOf(guest.orderId))!.number);

    const token = new URL(links.order).searchParams.get('t');
    const view = await loadConfirmation(guest.orderId, { checkoutIds: [], user: null, token });
    expect(view).toMatchObject({ kind: 'order', order: { id: guest.orderId, invoiceHref: `/api/orders/${guest.orderId}/invoice?t=${token}` } });
    expect(await loadConfirmation(guest.orderId, { checkoutIds: [], user: null, token: orderToken(owned.orderId) })).toEqual({ kind: 'not_found' });
    expect(await loadConfirmation(guest.orderId, { checkoutIds: [], user: null, token: null })).toEqual({ kind: 'not_found' });
    // The browser that paid sees the link without a token: its cookie opens it.
    const paying = await loadConfirmation(guest.orderId, { checkoutIds: [guest.checkoutId], user: null });
    expect(paying).toMatchObject({ kind: 'order', order: { invoiceHref: `/api/orders/${guest.orderId}/invoice` } });
  });

  it('are signed on the quote page only for a visitor who came with the quote’s own link, never for a session', () => {
    const quote = { id: randomUUID(), orderId: guest.orderId };
    expect(quoteOrderHref(quote, null)).toBe(`/order-confirmation/${guest.orderId}`);
    expect(quoteOrderHref(quote, quoteToken(randomUUID()))).toBe(`/order-confirmation/${guest.orderId}`);
    expect(quoteOrderHref(quote, quoteToken(quote.id))).toBe(`/order-confirmation/${guest.orderId}?t=${orderToken(guest.orderId)}`);
    expect(quoteOrderHref({ ...quote, orderId: null }, quoteToken(quote.id))).toBeNull();
  });

  it('are listed beside the order in the account and on the admin order row', async () => {
    const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
    const actor = { role: 'authenticated' as const, userId: customer!.id, email: DEMO_USERS.customer.email };
    const page = await withActor(actor, (tx) => listCustomerOrders(tx, customer!.id, 1));
    const mine = page.orders.find((o) => o.id === owned.orderId)!;
    expect(mine.documents.map((d) => [d.kind, d.number, d.href])).toEqual([
      ['invoice', invoiceNumber, `/api/orders/${owned.orderId}/invoice`],
      ['credit_note', noteNumber, `/api/orders/${owned.orderId}/credit-notes/${noteNumber}`],
    ]);
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const adminPage = await loadAdminOrders({ role: 'authenticated', userId: admin!.id, email: DEMO_USERS.admin.email }, { status: null, sort: 'newest', page: 1 }, 'America/New_York');
    const row = adminPage.orders.find((o) => o.id === owned.orderId)!;
    expect(row.documents.map((d) => [d.kind, d.number, d.amountCents])).toEqual([
      ['invoice', invoiceNumber, owned.totalCents],
      ['credit_note', noteNumber, 1_000],
    ]);
  });
});

describe('signing out ends the checkout cookie’s access', () => {
  const cookieFor = (...checkoutIds: string[]) => signCheckoutIds(checkoutIds, checkoutCookieKey(env().CHECKOUT_COOKIE_SECRET));
  /** A browser signed in as `email` that also holds the checkout cookie of `checkoutIds`. */
  async function signedInPayer(email: string, password: string, ...checkoutIds: string[]): Promise<Jar> {
    const jar = await signedInJar(email, password);
    jar.cookies.set(CHECKOUT_COOKIE, cookieFor(...checkoutIds));
    return jar;
  }
  const confirmationPage = (jar: Jar, orderId: string) =>
    as(jar, () => OrderConfirmationPage({ params: Promise.resolve({ orderId }), searchParams: Promise.resolve({}) })).then(
      () => 'shown',
      (err: { digest?: string }) => err.digest,
    );
  const NOT_FOUND = 'NEXT_HTTP_ERROR_FALLBACK;404';

  it('at the shop: neither the buyer’s orders nor one paid as a guest before signing in open in that browser', async () => {
    const jar = await signedInPayer(DEMO_USERS.customer.email, DEMO_USERS.customer.password, owned.checkoutId, guest.checkoutId);
    await expectPdf(await invoice(jar, guest.orderId), (await invoiceOf(guest.orderId))!.number);
    expect(await confirmationPage(jar, guest.orderId)).toBe('shown');
    const redirect = await as(jar, () => signOut({})).catch((err: { digest?: string }) => err.digest);
    expect(redirect).toMatch(/^NEXT_REDIRECT;\w+;\/login;/);
    expect(jar.cookies.has(CHECKOUT_COOKIE)).toBe(false);
    for (const orderId of [owned.orderId, guest.orderId]) {
      await expectNotFound(await invoice(jar, orderId));
      expect(await confirmationPage(jar, orderId)).toBe(NOT_FOUND);
    }
    // The guest who paid and never signed in keeps theirs.
    await expectPdf(await invoice(who.payer, guest.orderId), (await invoiceOf(guest.orderId))!.number);
    expect(await confirmationPage(who.payer, guest.orderId)).toBe('shown');
  });

  it('in the back office', async () => {
    const jar = await signedInPayer(DEMO_USERS.admin.email, DEMO_USERS.admin.password, guest.checkoutId);
    await as(jar, () => signOutAdmin(new FormData())).catch(() => undefined);
    expect([...jar.cookies.keys()]).not.toContain(CHECKOUT_COOKIE);
    await expectNotFound(await invoice(jar, guest.orderId));
  });

  /** `jar`'s session with its access token expired and a refresh token Auth will refuse (revoked, or made up). */
  function refusedSession(jar: Jar): [string, string] {
    const [name, raw] = [...jar.cookies].find(([n]) => isSessionCookie(n))!;
    const session = JSON.parse(Buffer.from(raw.slice('base64-'.length), 'base64url').toString('utf8'));
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    session.refresh_token = `revoked-${randomUUID()}`;
    return [name, `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`];
  }

  it('when Auth refuses the session’s refresh token: on the next download, and in the middleware before a page', async () => {
    const jar = await signedInPayer(DEMO_USERS.customer.email, DEMO_USERS.customer.password, guest.checkoutId);
    const [name, refused] = refusedSession(jar);
    jar.cookies.set(name, refused);
    // A download asks no middleware: the route asks Auth itself before it reads the cookie.
    await expectNotFound(await invoice(jar, guest.orderId));
    expect([...jar.cookies.keys()].filter((n) => n === CHECKOUT_COOKIE || isSessionCookie(n))).toEqual([]);

    const cookie = `${name}=${refused}; ${CHECKOUT_COOKIE}=${cookieFor(guest.checkoutId)}`;
    const page = new NextRequest(`http://localhost/order-confirmation/${guest.orderId}`, { headers: { cookie } });
    const pageHeaders = new Headers(page.headers);
    const { user, response } = await updateSession(page, pageHeaders, false);
    expect(user).toBeNull();
    expect(response().cookies.get(CHECKOUT_COOKIE)).toMatchObject({ value: '', maxAge: 0 });
    // The page behind it reads the cookies as they now are.
    expect(new NextRequest(page.url, { headers: pageHeaders }).cookies.get(CHECKOUT_COOKIE)?.value).toBe('');
  });
});

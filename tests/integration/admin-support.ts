// Shared by the back-office integration tests: a browser's cookies for the server code (Next's cookies()/headers()
// are mocked by each test file with `mockNextRequest()`), real sessions from the Auth stand-in for the demo admin, the
// demo customer and anonymous visitors, and order fixtures (one paid through the Stripe stand-in, so it can be
// refunded for real).
import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { asServiceRole, db } from '@/lib/core/db';
import { issueInvoice } from '@/lib/documents/issue';
import { makeStripeInvoice } from '@/lib/terms/stripe-invoice';
import { lineChoices } from '@/lib/purchase/line-choices';
import { anonClient, cookieJar, serverClient } from '../support/auth-clients';
import type { Jar } from './admin-request';
import { sdk, sql as checkoutSql } from './checkout-support';

export { as, request } from './admin-request';

/** A jar holding a signed-in session of `email`, made by the same @supabase/ssr client the app uses. */
export async function signedInJar(email: string, password: string): Promise<Jar> {
  const jar = cookieJar();
  const { error } = await serverClient(jar).auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return jar;
}

export interface Callers {
  anon: Jar;
  customer: Jar;
  admin: Jar;
}

export async function callers(): Promise<Callers> {
  return {
    anon: cookieJar(),
    customer: await signedInJar(DEMO_USERS.customer.email, DEMO_USERS.customer.password),
    admin: await signedInJar(DEMO_USERS.admin.email, DEMO_USERS.admin.password),
  };
}

export interface OrderFixture {
  id: string;
  paymentIntent: string;
  totalCents: number;
}

/**
 * An order paid by card through the Stripe stand-in (a succeeded PaymentIntent with a charge), written as the
 * fulfilment writes it: the order, one line and its 'completed' Stripe transaction.
 */
export async function paidOrder(sql: postgres.Sql, totalCents = 12_500, status = 'completed'): Promise<OrderFixture> {
  const intent = await sdk.paymentIntents.create({ amount: totalCents, currency: 'usd', allowed_payment_method_types: ['card'] });
  const paid = await sdk.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  if (paid.status !== 'succeeded') throw new Error(`fixture payment ${paid.status}`);
  const [order] = await sql<{ id: string }[]>`
    insert into orders (order_reference, customer_name, customer_phone, status, total_amount, shipping_address, billing_address)
    values (${'ADM-' + randomUUID().slice(0, 8)}, 'Refund Fixture', '+1 555 0100', ${status}, ${totalCents},
            ${sql.json({ full_name: 'Refund Fixture', address_line1: '1 Test Way', address_line2: '', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US', phone: '+1 555 0100' })},
            null)
    returning id`;
  const [product] = await sql<{ id: string }[]>`select id from rings order by created_at limit 1`;
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            values (${order!.id}, ${product!.id}, 'rings', 1, ${totalCents}, 'Material: Gold', ${sql.json(lineChoices({ material: 'gold' }))})`;
  await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method)
            values (${order!.id}, 'stripe', ${paid.id}, ${totalCents}, 'completed', 'card')`;
  return { id: order!.id, paymentIntent: paid.id, totalCents };
}

/**
 * Everything an admin action could write, as one hash: order statuses, items, payments and refunds, history, content
 * pages, the five product tables, images, stored files, admin membership, the shop settings and their history, and
 * issued documents, price groups and their fixed prices, trade accounts and their history. Equal before and after =
 * nothing written.
 */
export async function fingerprint(sql: postgres.Sql): Promise<string> {
  const [row] = await sql<{ fp: string }[]>`
    select md5(concat_ws('|',
      (select string_agg(id::text || status || updated_at::text, ',' order by id) from orders),
      (select count(*)::text || coalesce(max(created_at)::text, '') from order_items),
      (select string_agg(id::text || kind || status || amount::text, ',' order by id) from transactions),
      (select count(*)::text || ':' || coalesce(max(id), 0)::text from order_events),
      (select string_agg(page_id::text || md5(page_title || content) || last_updated::text, ',' order by page_id) from page_content),
      (select count(*)::text || coalesce(md5(string_agg(id::text || name || coalesce(sku, ''), ',' order by id)), '') from catalog_products),
      (select count(*)::text || coalesce(md5(string_agg(id::text || image_url || is_primary::text || display_order::text, ',' order by id)), '') from product_images),
      (select count(*)::text from admin_users),
      (select md5(row_to_json(s)::text) from shop_settings s),
      (select count(*)::text from shop_settings_events),
      (select md5(row_to_json(s)::text) from storefront_settings s),
      (select coalesce(md5(string_agg(position || category || product_id, ',' order by position)), '') from featured_products),
      (select count(*)::text from invoices) || ':' || (select count(*)::text from credit_notes),
      (select count(*)::text || coalesce(md5(string_agg(name, ',' order by name)), '') from storage.objects),
      (select string_agg(id::text || status || updated_at::text, ',' order by id) from quotes),
      (select count(*)::text || coalesce(md5(string_agg(id::text || coalesce(unit_price_cents, 0)::text || ':' || quantity, ',' order by id)), '') from quote_lines),
      (select count(*)::text from quote_events),
      (select coalesce(md5(string_agg(row_to_json(m)::text, ',' order by id)), '') from shipping_methods m),
      (select coalesce(string_agg(key || coalesce(tax_exempt_reason, ''), ',' order by key), '') from customers where tax_exempt),
      (select count(*)::text || coalesce(md5(string_agg(id::text || status || updated_at::text, ',' order by id)), '') from trade_accounts),
      (select count(*)::text from trade_account_events),
      (select coalesce(md5(string_agg(row_to_json(t)::text, ',' order by order_id)), '') from terms_invoices t),
      (select count(*)::text from staff_notes),
      (select count(*)::text from customer_tags),
      (select coalesce(md5(string_agg(id::text || coalesce(payment_terms_days, 0)::text || coalesce(credit_limit_cents, 0)::text, ',' order by id)), '') from trade_accounts),
      (select coalesce(md5(string_agg(row_to_json(g)::text, ',' order by id)), '') from price_groups g),
      (select count(*)::text || coalesce(md5(string_agg(row_to_json(p)::text, ',' order by p::text)), '') from price_group_prices p)
    )) as fp`;
  return row!.fp;
}

/**
 * An order placed on payment terms with its Stripe invoice made, finalized and sent by the shop's own code: an
 * approved account with Net 30 (its owner a new account), the order, its shop invoice and its terms row.
 */
export async function termsOrder(sql: postgres.Sql, totalCents = 4_000): Promise<{ id: string; accountId: string }> {
  const { data } = await anonClient().auth.signUp({ email: `terms-fixture-${newKey().slice(0, 8)}@example.com`, password: 'correct-horse-1' });
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${data.user!.id}, 'approved', 'Terms Fixture', 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, 30, 1000000)
    returning id`;
  const order = await paidOrder(sql, totalCents, 'processing');
  await sql`update transactions set provider = 'stripe_invoice', provider_transaction_id = ${'terms-' + order.id}, payment_method = 'invoice' where order_id = ${order.id}`;
  await asServiceRole(async (tx) => {
    await issueInvoice(tx, {
      orderId: order.id,
      reference: `TERMS-${order.id.slice(0, 6)}`,
      placedAt: new Date(),
      buyer: { name: 'Terms Fixture', email: null, phone: null, shipping: null, billing: null },
      lines: [{ sku: 'TF-1', name: 'Terms Ring', options: '', quantity: 1, unitPriceCents: totalCents, lineTotalCents: totalCents }],
      totalCents,
      currency: 'usd',
    });
    await tx`insert into public.terms_invoices (order_id, account_id, terms_days, amount_cents, due_at)
             values (${order.id}, ${account!.id}, 30, ${totalCents}, now() + interval '30 days')`;
  });
  if ((await makeStripeInvoice(order.id)) !== 'made') throw new Error('the fixture invoice was not made');
  return { id: order.id, accountId: account!.id };
}

export const newKey = () => randomUUID();

/** Closes the pools these helpers opened. */
export async function closeSupport(): Promise<void> {
  await checkoutSql.end();
  await db().end();
}

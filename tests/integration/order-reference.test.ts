// The order-reference rule end to end: an order paid through checkout gets its stored reference (AFJ-…) and starts
// as 'processing'; the admin list, the dashboard's recent orders, the account and the invoice all name it by that
// reference. An order without one (placed before references) falls back to SPEC's id forms, and only then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomerOrders } from '@/lib/account/orders';
import { loadDashboard } from '@/lib/admin/dashboard/load';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type WebhookEndpoint, restoreDelivery } from './checkout-support';
import { paidCheckoutOrder } from './mail-support';

const NY = 'America/New_York';
let endpoint: WebhookEndpoint;
let admin: DbActor;
let customer: DbActor & { userId: string };

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
  const users = await sql<{ id: string; email: string }[]>`
    select id, email from auth.users where email in (${DEMO_USERS.admin.email}, ${DEMO_USERS.customer.email})`;
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  admin = { role: 'authenticated', userId: byEmail.get(DEMO_USERS.admin.email)!, email: DEMO_USERS.admin.email };
  customer = { role: 'authenticated', userId: byEmail.get(DEMO_USERS.customer.email)!, email: DEMO_USERS.customer.email };
});

afterAll(async () => {
  await waitForDeliveries();
  await restoreDelivery();
  await endpoint.close();
  await sql.end();
  await db().end();
});

describe('one order reference everywhere', () => {
  it('names a paid order by its stored reference in the admin list, the dashboard, the account and the invoice', async () => {
    const { orderId } = await paidCheckoutOrder({ name: 'Reference Ring', email: `ref-${Date.now().toString(36)}@ref.test` });
    // The customer's own order, as if placed signed in.
    await sql`update orders set user_id = ${customer.userId} where id = ${orderId}`;
    const [order] = await sql<{ order_reference: string; status: string }[]>`select order_reference, status from orders where id = ${orderId}`;
    expect(order!.order_reference).toMatch(/^AFJ-\d{6,}$/);
    // Paid and waiting to be sent: fulfilment no longer writes 'completed'.
    expect(order!.status).toBe('processing');
    const reference = order!.order_reference;

    const listed = await loadAdminOrders(admin, { status: 'processing', sort: 'newest', page: 1 }, NY);
    expect(listed.orders.find((o) => o.id === orderId)?.reference).toBe(reference);

    const dashboard = await loadDashboard(admin, 'this-month', { now: new Date(), timeZone: NY });
    expect(dashboard.recent.find((o) => o.id === orderId)?.reference).toBe(reference);

    const account = await withActor(customer, (tx) => listCustomerOrders(tx, customer.userId, 1, NY));
    expect(account.orders.find((o) => o.id === orderId)?.reference).toBe(reference);

    const [invoice] = await sql<{ snapshot: { order: { reference: string } } }[]>`select snapshot from invoices where order_id = ${orderId}`;
    expect(invoice!.snapshot.order.reference).toBe(reference);
    await sql`update orders set user_id = null where id = ${orderId}`;
  });

  it('falls back to the id only for an order without a reference, in SPEC’s words for each place', async () => {
    const [legacy] = await sql<{ id: string }[]>`
      insert into orders (user_id, status, total_amount, created_at) values (${customer.userId}, 'pending', 1000, now()) returning id`;
    const short = legacy!.id.slice(0, 8);
    const listed = await loadAdminOrders(admin, { status: 'pending', sort: 'newest', page: 1 }, NY);
    expect(listed.orders.find((o) => o.id === legacy!.id)?.reference).toBe(`Order-${short}`);
    const account = await withActor(customer, (tx) => listCustomerOrders(tx, customer.userId, 1, NY));
    expect(account.orders.find((o) => o.id === legacy!.id)?.reference).toBe(`Order #${short}`);
    await sql`delete from orders where id = ${legacy!.id}`;
  });
});

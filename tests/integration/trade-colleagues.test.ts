// Colleagues on a trade account, through the real server actions as signed-in buyers of the Auth stand-in: the owner
// invites by e-mail (a row holding the token's hash, and its mail in the outbox), the invited person accepts at the
// link, the owner removes them or cancels an invitation. Every refusal says why and writes nothing. Then RLS: a
// member reads the account's orders, items, invoices, credit notes and quotes; a removed colleague, an outsider and
// another account's owner do not.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { listCustomerOrders, reorderPlan } from '@/lib/account/orders';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { documentForVisitor } from '@/lib/documents/response';
import { readInvoice } from '@/lib/documents/store';
import type { OutboxMail } from '@/lib/mail/sender';
import { COLLEAGUE_ERRORS, COLLEAGUE_TOASTS, INVITE_STATE_MESSAGES } from '@/lib/trade/colleague-labels';
import { loadColleagues } from '@/lib/trade/colleagues';
import { acceptTradeInvite, cancelTradeInvite, inviteTradeColleague, removeTradeColleague } from '@/lib/trade/colleagues/actions';
import { inviteTokenHash } from '@/lib/trade/colleagues-invites';
import { composeColleagueInviteMail } from '@/lib/trade/colleagues-mail';
import { COLLEAGUE_LIMIT } from '@/lib/trade/colleagues-rules';
import { newCustomer, type Customer } from '../support/account-people';
import { asRequest } from '../support/next-request';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(async () => {
  await sql.end();
  await db().end();
});

const as = <T>(who: Customer, fn: () => Promise<T>) => asRequest(who.browser, fn);
const actor = (who: Customer): DbActor => ({ role: 'authenticated', userId: who.id, email: who.email });

let owner: Customer, buyer: Customer, stranger: Customer, outsider: Customer, otherOwner: Customer, pendingOwner: Customer;
let accountId: string, otherAccountId: string, groupId: string;

async function tradeAccount(who: Customer, status: string, name: string, group: string | null = null): Promise<string> {
  const [a] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, price_group_id)
    values (${who.id}, ${status}, ${name}, 'boutique', '12-3456789', '555 010 2000', '{}', ${group}) returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${a!.id}, ${who.id}, 'owner')`;
  return a!.id;
}

/** The token of the latest invitation mail to `email` (the outbox row the sender would compose). */
async function lastInviteMail(email: string): Promise<OutboxMail & { token: string }> {
  const [row] = await sql<{ id: string; to_address: string; dedupe_key: string; payload: { token: string }; trade_account_id: string }[]>`
    select id, to_address, dedupe_key, payload, trade_account_id from mail_outbox
     where kind = 'trade_invite' and to_address = ${email} order by id desc limit 1`;
  return {
    id: Number(row!.id), kind: 'trade_invite', orderId: null, quoteId: null, tradeAccountId: row!.trade_account_id, to: row!.to_address,
    dedupeKey: row!.dedupe_key, payload: row!.payload, attempts: 1, token: row!.payload.token,
  };
}

const invite = (who: Customer, email: string) => as(who, () => inviteTradeColleague({ email }));
const accept = (who: Customer, token: string) => as(who, () => acceptTradeInvite({ token }));
const membersOf = (id: string) => sql<{ user_id: string; role: string }[]>`select user_id, role from trade_account_members where account_id = ${id}`;

beforeAll(async () => {
  [owner, buyer, stranger, outsider, otherOwner, pendingOwner] = await Promise.all([
    newCustomer('owner', 'Olive Owner'), newCustomer('buyer', 'Bea Buyer'), newCustomer('stranger'),
    newCustomer('outsider'), newCustomer('other-owner'), newCustomer('pending-owner'),
  ]);
  const [group] = await sql<{ id: string }[]>`insert into price_groups (name, percent_off) values (${`Colleagues ${owner.id.slice(0, 8)}`}, 15) returning id`;
  groupId = group!.id;
  accountId = await tradeAccount(owner, 'approved', 'Olive & Co', groupId);
  otherAccountId = await tradeAccount(otherOwner, 'approved', 'Other Gems');
  await tradeAccount(pendingOwner, 'pending', 'Pending Pearls');
});

describe('inviting', () => {
  it('stores the lower-cased address and the token’s hash, and queues the mail with the link in one transaction', async () => {
    const r = await invite(owner, buyer.email.toUpperCase());
    expect(r).toMatchObject({ ok: true, message: COLLEAGUE_TOASTS.invited(buyer.email) });
    const [row] = await sql<{ email: string; token_hash: string; invited_by: string; days: number }[]>`
      select email::text, token_hash, invited_by, round(extract(epoch from expires_at - created_at) / 86400)::int as days
        from trade_account_invites where account_id = ${accountId} and email = ${buyer.email}`;
    expect(row).toMatchObject({ email: buyer.email, invited_by: owner.id, days: 14 });
    const mail = await lastInviteMail(buyer.email);
    expect(inviteTokenHash(mail.token)).toBe(row!.token_hash);
    expect(mail.dedupeKey).toBe(`trade_invite:${row!.token_hash}`);
    const composed = await composeColleagueInviteMail(mail);
    expect(composed).toMatchObject({ to: buyer.email, subject: expect.stringContaining('Olive & Co') });
    expect(composed.text).toContain(`/trade/join?t=${mail.token}`);
  });

  it('refuses the owner’s own address, a pending account’s owner and someone on no account', async () => {
    expect(await invite(owner, owner.email)).toMatchObject({ ok: false, status: 409, error: COLLEAGUE_ERRORS.self });
    expect(await invite(pendingOwner, stranger.email)).toMatchObject({ ok: false, status: 403, error: COLLEAGUE_ERRORS.notOwner });
    expect(await invite(outsider, stranger.email)).toMatchObject({ ok: false, status: 403, error: COLLEAGUE_ERRORS.notOwner });
    expect(await invite(owner, 'not an address')).toMatchObject({ ok: false, status: 400 });
  });

  it('lets nobody queue a mail whose token is not the invitation’s, nor invite into another’s account', async () => {
    const forged = withActor(actor(owner), (tx) => tx`
      insert into mail_outbox (kind, trade_account_id, to_address, dedupe_key, payload)
      select 'trade_invite', ${accountId}, email, 'trade_invite:' || token_hash, '{"token":"forged"}' from trade_account_invites
       where account_id = ${accountId} limit 1`);
    await expect(forged).rejects.toThrow(/row-level security/);
    const intruding = withActor(actor(outsider), (tx) => tx`
      insert into trade_account_invites (account_id, email, token_hash, invited_by)
      values (${accountId}, 'x@colleagues.test', ${'a'.repeat(64)}, ${outsider.id})`);
    await expect(intruding).rejects.toThrow(/row-level security/);
  });
});

describe('accepting', () => {
  it('refuses a different signed-in address, a member of another account, an unknown link: nothing written', async () => {
    const { token } = await lastInviteMail(buyer.email);
    expect(await accept(stranger, token)).toMatchObject({ ok: false, status: 409, error: INVITE_STATE_MESSAGES.wrong_email });
    expect(await accept(buyer, 'A'.repeat(43))).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.not_found });
    await invite(owner, otherOwner.email);
    const other = await lastInviteMail(otherOwner.email);
    expect(await accept(otherOwner, other.token)).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.member_elsewhere });
    expect((await membersOf(accountId)).map((m) => m.user_id)).toEqual([owner.id]);
  });

  it('refuses an expired invitation and one of an account no longer approved', async () => {
    const { token } = await lastInviteMail(buyer.email);
    await sql`update trade_account_invites set expires_at = now() - interval '1 minute' where token_hash = ${inviteTokenHash(token)}`;
    expect(await accept(buyer, token)).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.expired });
    await sql`update trade_account_invites set expires_at = now() + interval '14 days' where token_hash = ${inviteTokenHash(token)}`;
    await sql`update trade_accounts set status = 'more_info' where id = ${accountId}`;
    expect(await accept(buyer, token)).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.not_approved });
    await sql`update trade_accounts set status = 'approved' where id = ${accountId}`;
    expect(await membersOf(accountId)).toHaveLength(1);
  });

  it('adds the buyer with a member_added event, once; the used link is refused to anyone else', async () => {
    const { token } = await lastInviteMail(buyer.email);
    expect(await accept(buyer, token)).toMatchObject({ ok: true, message: COLLEAGUE_TOASTS.accepted('Olive & Co') });
    expect(await membersOf(accountId)).toEqual(expect.arrayContaining([{ user_id: buyer.id, role: 'buyer' }]));
    const events = await sql`select actor_id, detail from trade_account_events where account_id = ${accountId} and kind = 'member_added'`;
    expect(events).toEqual([{ actor_id: buyer.id, detail: expect.objectContaining({ user_id: buyer.id, email: buyer.email }) }]);
    expect(await accept(buyer, token)).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.already_member });
    expect(await accept(stranger, token)).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.used });
    expect(await invite(owner, buyer.email)).toMatchObject({ ok: false, error: COLLEAGUE_ERRORS.alreadyMember });
  });

  it('prices the buyer at the account’s group, as the owner', async () => {
    const groups = await Promise.all([owner, buyer, outsider].map((who) => withActor(actor(who), (tx) => tx<{ g: string | null }[]>`select public.my_price_group_id() as g`)));
    expect(groups.map(([row]) => row!.g)).toEqual([groupId, groupId, null]);
  });

  it('shows the owner the people and the open invitations; the buyer the people only', async () => {
    const own = await withActor(actor(owner), (tx) => loadColleagues(tx, owner.id, 'America/New_York'));
    expect(own).toMatchObject({ canManage: true, businessName: 'Olive & Co', placesLeft: COLLEAGUE_LIMIT - 2 });
    expect(own!.colleagues.map((c) => [c.email, c.role, c.name, c.isYou])).toEqual([
      [owner.email, 'owner', 'Olive Owner', true],
      [buyer.email, 'buyer', 'Bea Buyer', false],
    ]);
    expect(own!.invites.map((i) => i.email)).toEqual([otherOwner.email]);
    const theirs = await withActor(actor(buyer), (tx) => loadColleagues(tx, buyer.id, 'America/New_York'));
    expect(theirs).toMatchObject({ canManage: false, isOwner: false, invites: [] });
    expect(await withActor(actor(outsider), (tx) => loadColleagues(tx, outsider.id, 'America/New_York'))).toBeNull();
  });
});

describe('what members read', () => {
  const orders: Record<string, string> = {};
  let quoteId: string;

  beforeAll(async () => {
    const [ring] = await sql<{ id: string }[]>`insert into rings (name, sku) values ('Colleague Ring', ${`COL-${owner.id.slice(0, 8)}`}) returning id`;
    for (const [key, who, name] of [['owner', owner, 'Olive Owner'], ['buyer', buyer, 'Bea Buyer'], ['outsider', outsider, null]] as const) {
      const [o] = await sql<{ id: string }[]>`
        insert into orders (user_id, total_amount, status, customer_email, customer_name, created_at)
        values (${who.id}, 2000, 'completed', ${who.email}, ${name}, now() - ${key === 'owner' ? '2 hours' : '1 hour'}::interval) returning id`;
      orders[key] = o!.id;
      await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, choices)
                values (${o!.id}, ${ring!.id}, 'rings', 1, 2000, '{}')`;
      const [t] = await sql<{ id: string }[]>`
        insert into transactions (order_id, provider, provider_transaction_id, amount, status)
        values (${o!.id}, 'stripe', ${`pi_col_${o!.id}`}, 2000, 'completed') returning id`;
      await sql`insert into invoices (order_id, number, year, total_amount, snapshot) values (${o!.id}, ${`COL-${o!.id}`}, 2001, 2000, '{}')`;
      await sql`insert into credit_notes (order_id, refund_id, number, amount, snapshot) values (${o!.id}, ${t!.id}, ${`COL-CN-${o!.id}`}, 100, '{}')`;
    }
    const [q] = await sql<{ id: string }[]>`insert into quotes (user_id, name, email) values (${owner.id}, 'Olive Owner', ${owner.email}) returning id`;
    quoteId = q!.id;
    await sql`insert into quote_lines (quote_id, position, product_id, product_category, name, quantity) values (${quoteId}, 1, ${ring!.id}, 'rings', 'Colleague Ring', 3)`;
  });

  const seen = async (who: Customer) =>
    withActor(actor(who), async (tx) => {
      const ids = Object.values(orders);
      const count = async (table: string) =>
        (await tx<{ order_id: string }[]>`select order_id from ${tx(table)} where order_id = any(${ids}::uuid[])`).map((r) => r.order_id).sort();
      return {
        orders: (await tx<{ id: string }[]>`select id from orders where id = any(${ids}::uuid[])`).map((r) => r.id).sort(),
        order_items: await count('order_items'),
        invoices: await count('invoices'),
        credit_notes: await count('credit_notes'),
        quotes: (await tx`select id from quotes where id = ${quoteId}`).length,
        quote_lines: (await tx`select id from quote_lines where quote_id = ${quoteId}`).length,
      };
    });
  const account = () => [orders.owner!, orders.buyer!].sort();

  it('a colleague and the owner read each other’s orders, items, invoices, credit notes and quotes', async () => {
    for (const who of [buyer, owner]) {
      expect(await seen(who)).toEqual({ orders: account(), order_items: account(), invoices: account(), credit_notes: account(), quotes: 1, quote_lines: 1 });
    }
  });

  it('an outsider and another account’s owner read none of them', async () => {
    expect(await seen(outsider)).toMatchObject({ orders: [orders.outsider], invoices: [orders.outsider], quotes: 0, quote_lines: 0 });
    expect(await seen(otherOwner)).toEqual({ orders: [], order_items: [], invoices: [], credit_notes: [], quotes: 0, quote_lines: 0 });
  });

  it('lists the account’s orders with who placed them, and reorders and opens a colleague’s invoice', async () => {
    const page = await withActor(actor(buyer), (tx) => listCustomerOrders(tx, buyer.id, 1));
    expect(page.orders.map((o) => [o.id, o.placedBy])).toEqual([[orders.buyer, null], [orders.owner, 'Olive Owner']]);
    expect(await withActor(actor(buyer), (tx) => reorderPlan(tx, buyer.id, orders.owner!))).not.toBeNull();
    expect(await withActor(actor(outsider), (tx) => reorderPlan(tx, outsider.id, orders.owner!))).toBeNull();
    const invoice = (who: Customer) =>
      as(who, () => documentForVisitor(new Request(`http://localhost/api/orders/${orders.owner}/invoice`), orders.owner!, (tx) => readInvoice(tx, orders.owner!)));
    expect(await invoice(buyer)).toMatchObject({ number: `COL-${orders.owner}` });
    await expect(invoice(outsider)).rejects.toMatchObject({ status: 404 });
  });

  it('a removed colleague reads only their own again, and the owner no longer theirs', async () => {
    expect(await as(buyer, () => removeTradeColleague({ userId: owner.id }))).toMatchObject({ ok: false, status: 403, error: COLLEAGUE_ERRORS.notOwner });
    expect(await as(owner, () => removeTradeColleague({ userId: buyer.id }))).toMatchObject({ ok: true, message: COLLEAGUE_TOASTS.removed });
    const [event] = await sql`select actor_id, detail from trade_account_events where account_id = ${accountId} and kind = 'member_removed'`;
    expect(event).toEqual({ actor_id: owner.id, detail: { user_id: buyer.id, email: buyer.email } });
    expect(await seen(buyer)).toMatchObject({ orders: [orders.buyer], invoices: [orders.buyer], quotes: 0 });
    expect(await seen(owner)).toMatchObject({ orders: [orders.owner], invoices: [orders.owner], quotes: 1 });
    expect(await as(owner, () => removeTradeColleague({ userId: buyer.id }))).toMatchObject({ ok: false, error: COLLEAGUE_ERRORS.notFound });
  });
});

describe('cancelling and the limit', () => {
  it('cancels an open invitation: its link and its unsent mail go with it', async () => {
    const [row] = await sql<{ id: string }[]>`select id from trade_account_invites where account_id = ${accountId} and email = ${otherOwner.email}`;
    const mail = await lastInviteMail(otherOwner.email);
    expect(await as(outsider, () => cancelTradeInvite({ inviteId: row!.id }))).toMatchObject({ ok: false, status: 404 });
    expect(await as(owner, () => cancelTradeInvite({ inviteId: row!.id }))).toMatchObject({ ok: true, message: COLLEAGUE_TOASTS.cancelled });
    expect(await accept(otherOwner, mail.token)).toMatchObject({ ok: false, error: INVITE_STATE_MESSAGES.not_found });
    await expect(composeColleagueInviteMail(mail)).rejects.toThrow(/cancelled/);
  });

  it(`holds ${COLLEAGUE_LIMIT} colleagues and open invitations: the action says so, the table refuses more`, async () => {
    await sql`insert into trade_account_invites (account_id, email, token_hash)
              select ${otherAccountId}, 'c' || g || '@colleagues.test', encode(sha256(('limit' || g || ${otherAccountId})::bytea), 'hex')
                from generate_series(1, ${COLLEAGUE_LIMIT}) g`;
    expect(await invite(otherOwner, stranger.email)).toMatchObject({ ok: false, error: COLLEAGUE_ERRORS.full(COLLEAGUE_LIMIT) });
    const more = withActor(actor(otherOwner), (tx) => tx`
      insert into trade_account_invites (account_id, email, token_hash, invited_by) values (${otherAccountId}, 'more@colleagues.test', ${'b'.repeat(64)}, ${otherOwner.id})`);
    await expect(more).rejects.toThrow(/at most 20/);
  });
});

// Trade account applications on real Postgres with RLS, the Storage stand-in and the real supabase clients: a buyer
// applies with a certificate (checked by its bytes, stored in their own folder), the account, its owner and the
// history's event are written together with the shop's notice; bad input of every kind is refused with its message
// and writes nothing; the certificate opens through a one-minute link for its owner and staff only; staff approve
// (price group, exemption until the certificate's expiry), ask for more and decline, each with its event, the
// buyer's mail and the buyer's exemption; the buyer sends an application again.
import { randomUUID } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as applyPOST } from '@/app/api/trade/application/route';
import { GET as certificateGET } from '@/app/api/trade/certificate/route';
import { approveTradeAccount, askTradeAccountForMore, declineTradeAccount } from '@/lib/admin/trade/actions';
import { DECISION_TEXT } from '@/lib/admin/trade/labels';
import { loadTradeAccounts, pendingTradeCount } from '@/lib/admin/trade/list';
import { TRADE_ACCOUNTS_TAG } from '@/lib/core/cache/tags';
import { shopToday } from '@/lib/quotes/read';
import { TRADE_ERRORS } from '@/lib/trade/labels';
import { loadTradeAccount } from '@/lib/trade/read';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { sql } from './checkout-support';
import { accountOf, applicationRequest, apply, eventsOf, FAKE_PDF, fields, filesOf, JPEG, mailsOf, newBuyer, PDF, PNG } from './trade-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let adminId: string;
let groupId: string;
const inDays = (n: number) => {
  const d = new Date(`${shopToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  who = await callers();
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  adminId = admin!.id;
  const [group] = await sql<{ id: string }[]>`insert into price_groups (name, percent_off) values (${'Trade Test ' + randomUUID().slice(0, 6)}, 15) returning id`;
  groupId = group!.id;
});
afterAll(async () => {
  await sql`delete from price_groups where id = ${groupId}`;
  await closeSupport();
});

const certificate = (jar: Callers['admin'], accountId: string) =>
  as(jar, () => certificateGET(new Request(`http://localhost/api/trade/certificate?account=${accountId}`)));

describe('applying for a trade account', () => {
  it('stores the certificate in the owner’s folder and writes the account, its owner, the event and the shop’s notice together', async () => {
    const buyer = await newBuyer('apply');
    vi.mocked(revalidateTag).mockClear();
    const { status, body } = await apply(buyer.jar);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ resubmitted: false, message: 'Application sent' });
    const account = (await accountOf(buyer.id))!;
    expect(account).toMatchObject({ status: 'pending', certificate_name: 'resale-certificate.pdf', certificate_type: 'application/pdf', tax_id: '12-3456789', website: 'https://gildedlily.example' });
    expect(account.certificate_path).toMatch(new RegExp(`^${buyer.id}/[0-9a-f-]{36}\\.pdf$`));
    expect(await filesOf(buyer.id)).toEqual([account.certificate_path]);
    expect(await sql`select user_id, role from trade_account_members where account_id = ${account.id}`).toEqual([{ user_id: buyer.id, role: 'owner' }]);
    expect(await eventsOf(account.id)).toEqual([{ kind: 'submitted', actor_id: buyer.id, actor_email: buyer.email, detail: { newCertificate: true } }]);
    expect(await mailsOf(account.id)).toEqual([{ kind: 'trade_application', to_address: null, payload: { resubmitted: false } }]);
    expect(vi.mocked(revalidateTag).mock.calls.map((c) => c[0])).toContain(TRADE_ACCOUNTS_TAG);
    // The buyer sees their own application; another buyer sees nothing of it.
    expect(await loadTradeAccount({ id: buyer.id, email: buyer.email })).toMatchObject({ status: 'pending', certificateName: 'resale-certificate.pdf' });
    const stranger = await newBuyer('stranger');
    expect(await loadTradeAccount({ id: stranger.id, email: stranger.email })).toBeNull();
  });

  it('takes JPEG and PNG certificates by their bytes, whatever the browser says', async () => {
    for (const [bytes, ext] of [[JPEG, 'jpg'], [PNG, 'png']] as const) {
      const buyer = await newBuyer(`apply-${ext}`);
      const { status } = await apply(buyer.jar, fields(), { bytes, name: 'scan', type: 'application/octet-stream' });
      expect(status).toBe(201);
      expect((await accountOf(buyer.id))?.certificate_path).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('refuses a file that is not a PDF or an image by its content, an empty one and one over 10 MB, writing nothing', async () => {
    const buyer = await newBuyer('refused-file');
    const cases: [Parameters<typeof apply>[2], number, string][] = [
      [{ bytes: FAKE_PDF, name: 'certificate.pdf', type: 'application/pdf' }, 415, TRADE_ERRORS.certificateType],
      [{ bytes: new Uint8Array(0), name: 'certificate.pdf', type: 'application/pdf' }, 400, TRADE_ERRORS.certificateEmpty],
      [{ bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25), name: 'big.pdf', type: 'application/pdf' }, 413, TRADE_ERRORS.certificateTooLarge],
      [null, 400, TRADE_ERRORS.certificateRequired],
    ];
    for (const [file, code, message] of cases) {
      const { status, body } = await apply(buyer.jar, fields(), file);
      expect(status).toBe(code);
      expect(body.error).toBe(message);
      expect(body.details?.fieldErrors).toEqual({ certificate: message });
    }
    expect(await accountOf(buyer.id)).toBeUndefined();
    expect(await filesOf(buyer.id)).toEqual([]);
  });

  it('refuses bad fields with their messages: an EIN, control characters, a forged owner, a form that is not one', async () => {
    const buyer = await newBuyer('refused-fields');
    const cases: [Record<string, unknown> | string, string, string][] = [
      [fields({ taxId: '12-345' }), 'taxId', TRADE_ERRORS.taxIdFormat],
      [fields({ taxId: '07-1234567' }), 'taxId', TRADE_ERRORS.taxIdPrefix],
      [fields({ businessName: 'Lily\u0000Shop' }), 'businessName', 'Business name must not contain control characters'],
      [fields({ businessType: 'casino' }), 'businessType', TRADE_ERRORS.businessTypeRequired],
      [fields({ website: 'javascript:alert(1)' }), 'website', TRADE_ERRORS.websiteInvalid],
      [fields({ phone: 'call me' }), 'phone', TRADE_ERRORS.phoneInvalid],
      [fields({ ownerId: randomUUID() }), '_form', 'This form does not take "ownerId".'],
      [fields({ status: 'approved' }), '_form', 'This form does not take "status".'],
    ];
    for (const [values, field, message] of cases) {
      const { status, body } = await apply(buyer.jar, values);
      expect(status, field).toBe(400);
      expect(body.details?.fieldErrors?.[field]).toBe(message);
    }
    expect((await apply(buyer.jar, '{not json')).body.error).toBe(TRADE_ERRORS.badForm);
    expect(await accountOf(buyer.id)).toBeUndefined();
    expect(await filesOf(buyer.id)).toEqual([]);
    // A visitor is asked to sign in.
    expect((await apply(who.anon)).status).toBe(401);
  });

  it('refuses a buyer who already buys for another account, before storing anything', async () => {
    const owner = await newBuyer('owner');
    await apply(owner.jar);
    const colleague = await newBuyer('colleague');
    await sql`insert into trade_account_members (account_id, user_id, role) values (${(await accountOf(owner.id))!.id}, ${colleague.id}, 'buyer')`;
    expect(await apply(colleague.jar)).toMatchObject({ status: 409, body: { error: TRADE_ERRORS.otherAccount } });
    expect(await filesOf(colleague.id)).toEqual([]);
  });

  it('writes one application when two are sent at once, and keeps only the certificate on file', async () => {
    const buyer = await newBuyer('twice');
    // Two tabs of one browser: both requests carry the same session for their whole run.
    const responses = await as(buyer.jar, () => Promise.all([applyPOST(applicationRequest(fields())), applyPOST(applicationRequest(fields()))]));
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } })));
    // The later one is refused, or, when the first had committed before it looked, sent again in its place.
    const statuses = answers.map((a) => a.status).sort();
    expect([[201, 409], [201, 201]]).toContainEqual(statuses);
    if (statuses[1] === 409) expect(answers.find((a) => a.status === 409)?.body.error).toBe(TRADE_ERRORS.alreadySent);
    expect(await sql`select count(*)::int as n from trade_accounts where owner_id = ${buyer.id}`).toEqual([{ n: 1 }]);
    const account = (await accountOf(buyer.id))!;
    expect(await filesOf(buyer.id)).toEqual([account.certificate_path]);
  });
});

describe('the certificate’s link', () => {
  it('opens the certificate for a minute to its owner and to staff, and to nobody else', async () => {
    const buyer = await newBuyer('link');
    await apply(buyer.jar);
    const account = (await accountOf(buyer.id))!;
    for (const jar of [buyer.jar, who.admin]) {
      const response = await certificate(jar, account.id);
      expect(response.status).toBe(303);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const link = response.headers.get('location')!;
      expect(link).toContain(`/storage/v1/object/sign/resale-certificates/${account.certificate_path}?token=`);
      const file = await fetch(link);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    }
    // Another buyer, the seeded customer, an unknown id and a forged one: the same 404, no link.
    const other = await newBuyer('other');
    for (const [jar, id] of [[other.jar, account.id], [who.customer, account.id], [buyer.jar, randomUUID()], [buyer.jar, `${account.id}' or 1=1`]] as const) {
      const response = await certificate(jar, id);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: TRADE_ERRORS.certificateNotFound });
    }
    expect((await certificate(who.anon, account.id)).status).toBe(401);
  });
});

describe('staff’s decisions', () => {
  it('approve with a price group and the exemption until the certificate expires, with who and when', async () => {
    const buyer = await newBuyer('approve');
    await apply(buyer.jar);
    const account = (await accountOf(buyer.id))!;
    vi.mocked(revalidateTag).mockClear();
    const result = await as(who.admin, () => approveTradeAccount({ accountId: account.id, priceGroupId: groupId, taxExempt: true, expiresOn: inDays(200) }));
    expect(result).toMatchObject({ ok: true, message: 'Gilded Lily Boutique approved' });
    expect(vi.mocked(revalidateTag).mock.calls.map((c) => c[0])).toContain(TRADE_ACCOUNTS_TAG);
    const [row] = await sql`select status, price_group_id, tax_exempt, certificate_expires_on::text as until, decided_by, decided_at is not null as decided from trade_accounts where id = ${account.id}`;
    expect(row).toEqual({ status: 'approved', price_group_id: groupId, tax_exempt: true, until: inDays(200), decided_by: adminId, decided: true });
    const [customer] = await sql`select tax_exempt, tax_exempt_reason, tax_exempt_until::text as until from customers where user_id = ${buyer.id}`;
    expect(customer).toEqual({ tax_exempt: true, tax_exempt_reason: DECISION_TEXT.exemptReason, until: inDays(200) });
    expect((await eventsOf(account.id)).at(-1)).toMatchObject({ kind: 'approved', actor_id: adminId, actor_email: DEMO_USERS.admin.email });
    expect((await mailsOf(account.id)).at(-1)).toMatchObject({ kind: 'trade_decision', to_address: buyer.email, payload: { decision: 'approved', exemptUntil: inDays(200) } });
    expect(await loadTradeAccount({ id: buyer.id, email: buyer.email })).toMatchObject({ status: 'approved', priceGroupName: expect.stringMatching(/^Trade Test/) });
    // An approved application is no longer the buyer's to change.
    expect(await apply(buyer.jar)).toMatchObject({ status: 409, body: { error: TRADE_ERRORS.approved } });
  });

  it('refuse an exemption without an expiry day or with one that has passed, an unknown group, and a missing reason', async () => {
    const buyer = await newBuyer('refuse');
    await apply(buyer.jar);
    const { id } = (await accountOf(buyer.id))!;
    const refusals: [() => Promise<unknown>, string, string][] = [
      [() => approveTradeAccount({ accountId: id, priceGroupId: '', taxExempt: true, expiresOn: '' }), 'expiresOn', DECISION_TEXT.expiresRequired],
      [() => approveTradeAccount({ accountId: id, priceGroupId: '', taxExempt: true, expiresOn: shopToday() }), 'expiresOn', DECISION_TEXT.expiresInPast],
      [() => approveTradeAccount({ accountId: id, priceGroupId: randomUUID(), taxExempt: false, expiresOn: '' }), 'priceGroupId', DECISION_TEXT.groupGone],
      [() => declineTradeAccount({ accountId: id, reason: '  ' }), 'reason', DECISION_TEXT.reasonRequired],
      [() => askTradeAccountForMore({ accountId: id, message: '' }), 'message', DECISION_TEXT.messageRequired],
    ];
    for (const [call, field, message] of refusals) {
      expect(await as(who.admin, call)).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    }
    expect(await as(who.admin, () => declineTradeAccount({ accountId: randomUUID(), reason: 'No' }))).toMatchObject({ ok: false, status: 404 });
    // A buyer cannot decide on their own application.
    expect(await as(buyer.jar, () => approveTradeAccount({ accountId: id, priceGroupId: '', taxExempt: false, expiresOn: '' }))).toMatchObject({ ok: false, status: 403 });
    expect((await accountOf(buyer.id))?.status).toBe('pending');
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['submitted']);
  });

  it('ask for more, the buyer sends it again with a new certificate, staff decline: each mailed, the exemption ended', async () => {
    const buyer = await newBuyer('more');
    await apply(buyer.jar);
    const first = (await accountOf(buyer.id))!;
    await as(who.admin, () => approveTradeAccount({ accountId: first.id, priceGroupId: '', taxExempt: true, expiresOn: inDays(90) }));
    const asked = await as(who.admin, () => askTradeAccountForMore({ accountId: first.id, message: 'Please send the signed page too.' }));
    expect(asked).toMatchObject({ ok: true });
    expect(await loadTradeAccount({ id: buyer.id, email: buyer.email })).toMatchObject({ status: 'more_info', decisionNote: 'Please send the signed page too.', exemptUntil: null });
    const [cleared] = await sql`select tax_exempt, tax_exempt_until from customers where user_id = ${buyer.id}`;
    expect(cleared).toEqual({ tax_exempt: false, tax_exempt_until: null });

    const again = await apply(buyer.jar, fields({ businessName: 'Gilded Lily Ltd' }), { bytes: PNG, name: 'signed.png', type: 'image/png' });
    expect(again).toMatchObject({ status: 201, body: { resubmitted: true, message: 'Application sent again' } });
    const second = (await accountOf(buyer.id))!;
    expect(second).toMatchObject({ status: 'pending', certificate_name: 'signed.png', certificate_type: 'image/png' });
    expect(second.certificate_path).not.toBe(first.certificate_path);
    // The replaced certificate is gone: the folder holds the one on file.
    expect(await filesOf(buyer.id)).toEqual([second.certificate_path]);
    // Sending again without a file keeps the certificate on file.
    expect((await apply(buyer.jar, fields(), null)).status).toBe(201);
    expect((await accountOf(buyer.id))?.certificate_path).toBe(second.certificate_path);

    await as(who.admin, () => declineTradeAccount({ accountId: first.id, reason: 'We could not verify the certificate.' }));
    expect(await loadTradeAccount({ id: buyer.id, email: buyer.email })).toMatchObject({ status: 'declined', decisionNote: 'We could not verify the certificate.' });
    expect((await eventsOf(first.id)).map((e) => e.kind)).toEqual(['submitted', 'approved', 'more_info', 'resubmitted', 'resubmitted', 'declined']);
    expect((await mailsOf(first.id)).map((m) => [m.kind, m.payload.decision ?? null])).toEqual([
      ['trade_application', null],
      ['trade_decision', 'approved'],
      ['trade_decision', 'more_info'],
      ['trade_application', null],
      ['trade_application', null],
      ['trade_decision', 'declined'],
    ]);
  });

  it('list pending applications first, filter by status, and count them for the menu', async () => {
    const admin = { role: 'authenticated' as const, userId: adminId, email: DEMO_USERS.admin.email };
    const all = await loadTradeAccounts(admin, { status: null, page: 1 });
    const statuses = all.accounts.map((a) => a.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBe(statuses.filter((s) => s === 'pending').length - 1);
    const pending = await loadTradeAccounts(admin, { status: 'pending', page: 1 });
    expect(pending.accounts.every((a) => a.status === 'pending')).toBe(true);
    expect(await pendingTradeCount(admin)).toBe(pending.total);
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from trade_accounts where status = 'pending'`;
    expect(pending.total).toBe(n);
  });
});

// The shop settings action and screen with real sessions from the Auth stand-in: refused to visitors and customers
// (nothing written); bad e-mail addresses (a CR/LF header trick, not an address) refused with their messages beside
// the fields; a save as the admin updates the row with who and when, writes one history row per changed field and
// drops the storefront's cached settings; the screen shows the history to admins only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { updateShopSettings } from '@/lib/admin/settings/actions';
import { EMAIL_INVALID, SETTINGS_SAVED } from '@/lib/admin/settings/fields';
import { loadSettingsScreen } from '@/lib/admin/settings/screen';
import { SHOP_SETTINGS_TAG } from '@/lib/core/cache/tags';
import { getShopSettings, type AdminShopSettings } from '@/lib/settings/shop-settings';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let adminId: string;
let original: Record<string, string>;

const VALID = {
  shopName: 'Aurelia Fine Jewelry',
  postalAddress: '214 Jewelers Row\nSuite 5\nPhiladelphia, PA 19106\nUnited States',
  supportEmail: 'support@aurelia.test',
  supportPhone: '+1 (215) 555-0142',
  taxNumber: 'EIN 23-4567891',
  invoiceFooter: 'Thank you for your order.',
  notifyEmail: '',
};

beforeAll(async () => {
  who = await callers();
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  adminId = admin!.id;
  const [row] = await sql<Record<string, string>[]>`
    select shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, notify_email from shop_settings`;
  original = row!;
});

afterAll(async () => {
  const o = original;
  await sql`update shop_settings set shop_name = ${o.shop_name!}, postal_address = ${o.postal_address!}, support_email = ${o.support_email!},
            support_phone = ${o.support_phone!}, tax_number = ${o.tax_number!}, invoice_footer = ${o.invoice_footer!}, notify_email = ${o.notify_email!}`;
  await closeSupport();
});

const state = async () => {
  const [row] = await sql<{ settings: string; events: number }[]>`
    select (select md5(row_to_json(s)::text) from shop_settings s) as settings, (select count(*)::int from shop_settings_events) as events`;
  return row!;
};

describe('saving the shop settings', () => {
  it('refuses a visitor (401) and a customer (403), and writes nothing', async () => {
    const before = await state();
    const anon = await as(who.anon, () => updateShopSettings({ ...VALID, shopName: 'Taken Over' }));
    expect(anon).toMatchObject({ ok: false, status: 401, error: 'Please sign in to continue.' });
    const customer = await as(who.customer, () => updateShopSettings({ ...VALID, shopName: 'Taken Over' }));
    expect(customer).toMatchObject({ ok: false, status: 403, error: 'You do not have admin permissions' });
    expect(await state()).toEqual(before);
  });

  it('refuses bad e-mail addresses and other bad input with readable messages beside the fields', async () => {
    const before = await state();
    const cases: [Record<string, string>, string, string][] = [
      [{ supportEmail: 'support@aurelia.test\r\nBcc: everyone@example.com' }, 'supportEmail', 'Support email must not contain control characters'],
      [{ notifyEmail: 'orders@aurelia.test\nBcc: x@example.com' }, 'notifyEmail', 'Notification email must not contain control characters'],
      [{ supportEmail: 'not an address' }, 'supportEmail', EMAIL_INVALID],
      [{ notifyEmail: 'orders@localhost' }, 'notifyEmail', EMAIL_INVALID],
      [{ supportEmail: '"Shop" <support@aurelia.test>' }, 'supportEmail', EMAIL_INVALID],
      [{ shopName: '   ' }, 'shopName', 'Shop name is required'],
      [{ supportPhone: 'call us' }, 'supportPhone', 'Please enter a valid phone number'],
      [{ taxNumber: 'EIN\n1' }, 'taxNumber', 'Tax or VAT number must not contain control characters'],
      [{ invoiceFooter: 'x'.repeat(1001) }, 'invoiceFooter', 'Invoice footer is too long (1000 characters at most)'],
    ];
    for (const [patch, field, message] of cases) {
      const result = await as(who.admin, () => updateShopSettings({ ...VALID, ...patch }));
      expect(result, JSON.stringify(patch)).toMatchObject({ ok: false, status: 400, error: message, fieldErrors: { [field]: message } });
    }
    expect(await state()).toEqual(before);
  });

  it('saves as the admin: who and when on the row, one history row per changed field, the cache dropped', async () => {
    await as(who.admin, () => updateShopSettings(VALID));
    const [{ max: lastEvent }] = await sql<[{ max: string | null }]>`select max(id)::text as max from shop_settings_events`;
    vi.mocked(revalidateTag).mockClear();
    const started = new Date();
    const result = await as(who.admin, () =>
      updateShopSettings({ ...VALID, supportPhone: '+1 (215) 555-0199', invoiceFooter: 'Thank you.\nPayment received in full.', notifyEmail: 'orders@aurelia.test' }),
    );
    expect(result).toMatchObject({ ok: true, message: SETTINGS_SAVED });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(SHOP_SETTINGS_TAG);

    const [row] = await sql<{ support_phone: string; invoice_footer: string; notify_email: string; updated_by: string; updated_at: Date }[]>`
      select support_phone, invoice_footer, notify_email, updated_by, updated_at from shop_settings`;
    expect(row).toMatchObject({ support_phone: '+1 (215) 555-0199', invoice_footer: 'Thank you.\nPayment received in full.', notify_email: 'orders@aurelia.test', updated_by: adminId });
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);

    const events = await sql<{ field: string; from_value: string; to_value: string; actor_id: string; actor_email: string }[]>`
      select field, from_value, to_value, actor_id, actor_email from shop_settings_events where id > ${lastEvent ?? 0} order by id`;
    expect(events).toEqual([
      { field: 'support_phone', from_value: '+1 (215) 555-0142', to_value: '+1 (215) 555-0199', actor_id: adminId, actor_email: DEMO_USERS.admin.email },
      { field: 'invoice_footer', from_value: 'Thank you for your order.', to_value: 'Thank you.\nPayment received in full.', actor_id: adminId, actor_email: DEMO_USERS.admin.email },
      { field: 'notify_email', from_value: '', to_value: 'orders@aurelia.test', actor_id: adminId, actor_email: DEMO_USERS.admin.email },
    ]);
    // The storefront's read (the cache runs its function here) sees the new public part, never the notification address.
    const shown = await getShopSettings();
    expect(shown).toMatchObject({ supportPhone: '+1 (215) 555-0199', invoiceFooter: 'Thank you.\nPayment received in full.' });
    expect(shown).not.toHaveProperty('notifyEmail');
  });

  it('shows the history to the admin, newest first, and nothing to a customer', async () => {
    const adminActor = { role: 'authenticated' as const, userId: adminId, email: DEMO_USERS.admin.email };
    const screen = await loadSettingsScreen(adminActor, 'America/New_York');
    expect(screen.settings).toMatchObject({ notifyEmail: 'orders@aurelia.test' } satisfies Partial<AdminShopSettings>);
    expect(screen.history.slice(0, 3).map((c) => [c.label, c.to, c.actor])).toEqual([
      ['Notification email', 'orders@aurelia.test', DEMO_USERS.admin.email],
      ['Invoice footer', 'Thank you.\nPayment received in full.', DEMO_USERS.admin.email],
      ['Support phone', '+1 (215) 555-0199', DEMO_USERS.admin.email],
    ]);
    const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
    const customerScreen = await loadSettingsScreen({ role: 'authenticated', userId: customer!.id, email: DEMO_USERS.customer.email }, 'America/New_York');
    expect(customerScreen).toEqual({ settings: null, history: [] });
  });
});

// What each API role may do on each object in public, as the app uses it (RLS then decides which rows). A migration
// that adds a table or a sequence adds its row here: the grants test and `npm run check:hosted` compare the database
// with this list in both directions, so an object or grant missing and an object or grant beyond it all fail.
import type postgres from 'postgres';

export const API_ROLES = ['public', 'anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];
/** Per role: 'SELECT', 'INSERT', … for the whole table, or 'UPDATE(col, col)' for some columns only. */
export type RoleGrants = Partial<Record<ApiRole, string[]>>;

const CATALOG_TABLE: RoleGrants = {
  anon: ['SELECT'],
  authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  service_role: ['SELECT'],
};
const SERVER_ONLY: RoleGrants = {};

/** Every table and view in public. */
export const TABLE_GRANTS: Record<string, RoleGrants> = {
  rings: CATALOG_TABLE,
  necklaces: CATALOG_TABLE,
  bracelets: CATALOG_TABLE,
  earrings: CATALOG_TABLE,
  body_jewelry: CATALOG_TABLE,
  product_images: CATALOG_TABLE,
  catalog_products: { anon: ['SELECT'], authenticated: ['SELECT'], service_role: ['SELECT'] },
  page_content: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
  search_words: { anon: ['SELECT'], authenticated: ['SELECT'] },
  user_profiles: {
    authenticated: ['SELECT', 'INSERT(user_id, full_name, phone_number)', 'UPDATE(full_name, phone_number)'],
  },
  user_addresses: {
    authenticated: [
      'SELECT',
      'DELETE',
      'INSERT(user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default)',
      'UPDATE(address_type, address_line1, address_line2, city, state, postal_code, country, is_default)',
    ],
  },
  admin_users: { authenticated: ['SELECT'] },
  orders: {
    authenticated: ['SELECT', 'UPDATE(status, carrier, tracking_number, dispatched_at)'],
    service_role: ['SELECT', 'INSERT', 'UPDATE'],
  },
  order_items: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  transactions: {
    authenticated: [
      'SELECT',
      'INSERT(order_id, provider, provider_transaction_id, amount, status, payment_method, kind, idempotency_key, created_by, refund_reason, refund_note, tax_cents)',
    ],
    service_role: ['SELECT', 'INSERT', 'UPDATE'],
  },
  refund_lines: { authenticated: ['SELECT', 'INSERT(refund_id, order_id, kind, order_item_id, quantity, amount_cents)'], service_role: ['SELECT'] },
  order_events: { authenticated: ['SELECT'] },
  product_events: { authenticated: ['SELECT'] },
  product_sales: { authenticated: ['SELECT'] },
  product_month_sales: { authenticated: ['SELECT'] },
  product_counts: { anon: ['SELECT'], authenticated: ['SELECT'] },
  order_counts: { authenticated: ['SELECT'] },
  order_quarters: { authenticated: ['SELECT'] },
  payment_quarters: { authenticated: ['SELECT'] },
  payment_totals: { authenticated: ['SELECT'] },
  order_hour_zones: { authenticated: ['SELECT'] },
  order_hours: { authenticated: ['SELECT'] },
  customers: {
    authenticated: ['SELECT', 'UPDATE(tax_exempt, tax_exempt_reason, tax_exempt_until)'],
    service_role: ['SELECT(user_id, tax_exempt, tax_exempt_reason, tax_exempt_until)', 'UPDATE(tax_exempt, tax_exempt_reason, tax_exempt_until)'],
  },
  shipping_methods: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'], service_role: ['SELECT'] },
  checkout_sessions: { service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  shop_settings: {
    anon: ['SELECT(id, shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, updated_at, tax_enabled, tax_codes, ship_from, min_order_cents, price_visibility, guest_checkout)'],
    authenticated: [
      'SELECT(id, shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, updated_at, tax_enabled, tax_codes, ship_from, min_order_cents, price_visibility, guest_checkout)',
      'UPDATE(shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, notify_email, updated_at, updated_by, tax_enabled, tax_codes, ship_from, min_order_cents, price_visibility, guest_checkout)',
    ],
    service_role: ['SELECT'],
  },
  shop_settings_events: { authenticated: ['SELECT'] },
  storefront_settings: {
    anon: ['SELECT'],
    authenticated: ['SELECT', 'UPDATE(hero_image_url, hero_alt, hero_heading, hero_link, hero_link_label, tile_images, updated_at, updated_by)'],
  },
  featured_products: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'DELETE'] },
  document_numbers: SERVER_ONLY,
  invoices: { authenticated: ['SELECT'], service_role: ['SELECT'] },
  credit_notes: { authenticated: ['SELECT'], service_role: ['SELECT'] },
  mail_outbox: {
    authenticated: [
      'SELECT',
      'INSERT(kind, order_id, to_address, dedupe_key, payload, quote_id, trade_account_id)',
      'UPDATE(status, attempts, next_attempt_at, last_error)',
    ],
    service_role: ['SELECT', 'INSERT', 'UPDATE'],
  },
  quotes: {
    authenticated: [
      'SELECT',
      'UPDATE(status, valid_until, shop_message, decline_reason, quoted_at, answered_at, updated_at)',
    ],
    service_role: ['SELECT', 'INSERT', 'UPDATE'],
  },
  quote_lines: {
    authenticated: [
      'SELECT',
      'INSERT(quote_id, position, product_id, product_category, name, sku, specifications, specifications_text, quantity)',
      'UPDATE(unit_price_cents, quantity)',
      'DELETE',
    ],
    service_role: ['SELECT', 'INSERT', 'UPDATE'],
  },
  quote_events: {
    authenticated: ['SELECT', 'INSERT(quote_id, kind, actor_id, actor_email, detail)'],
    service_role: ['SELECT', 'INSERT'],
  },
  price_groups: { authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'], service_role: ['SELECT'] },
  price_group_prices: { authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'], service_role: ['SELECT'] },
  trade_accounts: {
    authenticated: [
      'SELECT',
      'INSERT(owner_id, business_name, business_type, tax_id, website, phone, address, certificate_path, certificate_name, certificate_type)',
      'UPDATE(status, business_name, business_type, tax_id, website, phone, address, certificate_path, certificate_name, certificate_type, submitted_at, price_group_id, tax_exempt, certificate_expires_on, decision_note, decided_at, decided_by, payment_terms_days, credit_limit_cents)',
    ],
    service_role: ['SELECT', 'UPDATE(tax_exempt, expiry_reminded_for, stripe_customer_id)'],
  },
  staff_notes: { authenticated: ['SELECT', 'INSERT(order_id, customer_key, body, author_id, author_email)'] },
  shipments: {
    authenticated: ['SELECT', 'INSERT(order_id, carrier, tracking_number, created_by)', 'UPDATE(carrier, tracking_number)'],
    service_role: ['SELECT'],
  },
  shipment_lines: { authenticated: ['SELECT', 'INSERT(shipment_id, order_item_id, quantity)'], service_role: ['SELECT'] },
  customer_tags: { authenticated: ['SELECT', 'INSERT(customer_key, tag, author_id)', 'DELETE'] },
  terms_invoices: {
    authenticated: ['SELECT'],
    service_role: ['SELECT', 'INSERT', 'UPDATE'],
  },
  trade_account_members: { authenticated: ['SELECT', 'INSERT(account_id, user_id, role)', 'DELETE'], service_role: ['SELECT'] },
  trade_account_events: {
    authenticated: ['SELECT', 'INSERT(account_id, kind, detail, actor_id, actor_email)'],
    service_role: ['SELECT', 'INSERT(account_id, kind, detail, actor_id, actor_email)'],
  },
  trade_account_invites: {
    authenticated: ['SELECT', 'DELETE', 'INSERT(account_id, email, token_hash, invited_by)', 'UPDATE(token_hash, invited_by)'],
    service_role: ['SELECT'],
  },
  rate_limits: SERVER_ONLY,
  cache_tag_revalidations: SERVER_ONLY,
};

/**
 * Every sequence in public but those of identity and serial columns, which belong to their table's row; each grants
 * only what is listed here (nothing for a table's own).
 */
export const SEQUENCE_GRANTS: Record<string, RoleGrants> = {
  order_reference_seq: { service_role: ['USAGE'] },
  quote_reference_seq: { service_role: ['USAGE'] },
};

/**
 * Functions an API role calls (signature as Postgres prints it); every other function must grant them nothing, and
 * a SECURITY DEFINER one nothing to PUBLIC either.
 */
export const FUNCTION_GRANTS: Record<string, RoleGrants> = {
  'is_admin()': { anon: ['EXECUTE'], authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'my_trade_account_id()': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'my_price_group_id()': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'my_account_user_ids()': { authenticated: ['EXECUTE'] },
  'my_trade_colleagues()': { authenticated: ['EXECUTE'] },
  'trade_invite_check(text)': { authenticated: ['EXECUTE'] },
  'accept_trade_invite(text)': { authenticated: ['EXECUTE'] },
  'rate_limit_hit(text[],integer[],integer[])': { service_role: ['EXECUTE'] },
  'purge_rate_limits()': { service_role: ['EXECUTE'] },
  'expire_abandoned_checkouts(interval,integer)': { service_role: ['EXECUTE'] },
  'revalidate_cache_tags(text[],text)': { service_role: ['EXECUTE'] },
  'admin_shop_settings()': { authenticated: ['EXECUTE'] },
  'issue_document(text,integer,uuid,uuid,bigint,jsonb)': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'order_kept_cents(uuid,text,bigint)': { authenticated: ['EXECUTE'] },
  'admin_people_search(text,text[],integer)': { authenticated: ['EXECUTE'] },
  'admin_order_po_search(text,integer)': { authenticated: ['EXECUTE'] },
  'quarter_of(timestamp with time zone)': { authenticated: ['EXECUTE'] },
  'quarter_ceil(timestamp with time zone)': { authenticated: ['EXECUTE'] },
  'dashboard_orders(timestamp with time zone,timestamp with time zone)': { authenticated: ['EXECUTE'] },
  'dashboard_quarters(timestamp with time zone,timestamp with time zone)': { authenticated: ['EXECUTE'] },
  'dashboard_money_between(timestamp with time zone,timestamp with time zone)': { authenticated: ['EXECUTE'] },
  'dashboard_money(timestamp with time zone,timestamp with time zone)': { authenticated: ['EXECUTE'] },
  'dashboard_hours(timestamp with time zone,timestamp with time zone,text)': { authenticated: ['EXECUTE'] },
  'ensure_order_hours(text)': { authenticated: ['EXECUTE'] },
};

/** One privilege on one object, column-level ones as 'INSERT(col)'. */
function atoms(list: string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const entry of list ?? []) {
    const m = /^(\w+)(?:\((.*)\))?$/.exec(entry.trim());
    if (!m) throw new Error(`Unreadable grant: ${entry}`);
    if (m[2] === undefined) out.add(m[1]!);
    else for (const col of m[2].split(',')) out.add(`${m[1]}(${col.trim()})`);
  }
  return out;
}

interface Acl {
  kind: 'table' | 'sequence' | 'function';
  name: string;
  role: ApiRole;
  privilege: string;
}

interface Sequence {
  name: string;
  /** The table whose identity or serial column it numbers; null for a sequence of its own. */
  table: string | null;
}

/** Reads the API roles' privileges on public's tables, views, columns, sequences and functions. */
export async function readGrants(sql: postgres.Sql): Promise<{ acl: Acl[]; tables: string[]; sequences: Sequence[] }> {
  const roles = sql`(select 0::oid as oid, 'public' as role
                     union all select oid, rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role'))`;
  const acl = await sql<Acl[]>`
    with r as ${roles},
    rel as (
      select c.oid, c.relname, c.relkind, coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner)) as acl
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    )
    select case when rel.relkind = 'S' then 'sequence' else 'table' end as kind, rel.relname::text as name, r.role,
           a.privilege_type as privilege
      from rel, aclexplode(rel.acl) a join r on r.oid = a.grantee
    union all
    select 'table', rel.relname, r.role, a.privilege_type || '(' || att.attname || ')'
      from rel join pg_attribute att on att.attrelid = rel.oid and att.attnum > 0 and not att.attisdropped,
           aclexplode(att.attacl) a join r on r.oid = a.grantee
    union all
    select 'function', substring(p.oid::regprocedure::text from '^(?:public\\.)?(.*)$'), r.role, a.privilege_type
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
           aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a join r on r.oid = a.grantee
     -- PUBLIC may keep EXECUTE on a function that runs with the caller's rights: it can do nothing they could not.
     where n.nspname = 'public' and p.prokind = 'f' and (r.role <> 'public' or p.prosecdef)`;
  const tables = await sql<{ relname: string }[]>`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') order by 1`;
  const sequences = await sql<Sequence[]>`
    select s.relname as name, t.relname as table
      from pg_class s join pg_namespace n on n.oid = s.relnamespace
      left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.refclassid = 'pg_class'::regclass
                           and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
     where n.nspname = 'public' and s.relkind = 'S' order by 1`;
  return { acl: withHiddenPrices(acl), tables: tables.map((t) => t.relname), sequences };
}

/** The catalog's relations whose price columns the API roles lose where the shop hides prices. */
const PRICED_RELATIONS = new Set(['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry', 'catalog_products']);

/**
 * Where the shop hides prices, anon and authenticated read the catalog by column, every column but the prices
 * (apply_price_visibility in 20261210000300_accounts.sql; tests/integration/hidden-price-columns.test.ts checks
 * which). Read as the whole table's SELECT they stand for, so one list holds whoever the shop shows prices to.
 */
function withHiddenPrices(acl: Acl[]): Acl[] {
  const byColumn = (a: Acl) => a.kind === 'table' && PRICED_RELATIONS.has(a.name) && a.privilege.startsWith('SELECT(');
  const whole = new Set(acl.filter((a) => a.kind === 'table' && a.privilege === 'SELECT').map((a) => `${a.name}\t${a.role}`));
  const out = acl.filter((a) => !byColumn(a));
  for (const a of acl) {
    const key = `${a.name}\t${a.role}`;
    if (byColumn(a) && !whole.has(key)) {
      whole.add(key);
      out.push({ ...a, privilege: 'SELECT' });
    }
  }
  return out;
}

/**
 * Compares the database with the lists above. Returns one readable line per difference (empty when they agree):
 * a table the list does not know, a privilege missing, a privilege beyond what the app needs.
 */
export function compareGrants(
  found: { acl: Acl[]; tables: string[]; sequences: Sequence[] },
  expected = { table: TABLE_GRANTS, sequence: SEQUENCE_GRANTS, function: FUNCTION_GRANTS },
): string[] {
  const problems: string[] = [];
  for (const t of found.tables) if (!(t in expected.table)) problems.push(`table ${t}: not listed in supabase/grants.ts`);
  for (const t of Object.keys(expected.table)) if (!found.tables.includes(t)) problems.push(`table ${t}: missing from the database`);
  const sequences = found.sequences.map((q) => q.name);
  for (const q of found.sequences) {
    if (q.table === null && !(q.name in expected.sequence)) problems.push(`sequence ${q.name}: not listed in supabase/grants.ts`);
  }
  for (const q of Object.keys(expected.sequence)) if (!sequences.includes(q)) problems.push(`sequence ${q}: missing from the database`);

  const have = new Map<string, Set<string>>();
  for (const a of found.acl) {
    const key = `${a.kind}\t${a.name}\t${a.role}`;
    if (!have.has(key)) have.set(key, new Set());
    have.get(key)!.add(a.privilege);
  }
  const keys = new Set(have.keys());
  for (const kind of ['table', 'sequence', 'function'] as const) {
    for (const [name, grants] of Object.entries(expected[kind])) {
      for (const role of API_ROLES) if (grants) keys.add(`${kind}\t${name}\t${role}`);
    }
  }
  for (const key of [...keys].sort()) {
    // Tabs apart: a function's signature may hold spaces ('timestamp with time zone').
    const [kind, name, role] = key.split('\t') as [Acl['kind'], string, ApiRole];
    if ((kind === 'table' && !found.tables.includes(name)) || (kind === 'sequence' && !sequences.includes(name))) continue;
    const want = atoms(expected[kind][name]?.[role]);
    const got = have.get(key) ?? new Set<string>();
    const missing = [...want].filter((p) => !got.has(p));
    const extra = [...got].filter((p) => !want.has(p));
    if (missing.length) problems.push(`${kind} ${name}: ${role} lacks ${missing.join(', ')}`);
    if (extra.length) problems.push(`${kind} ${name}: ${role} has ${extra.join(', ')} beyond what the app needs`);
  }
  return problems;
}

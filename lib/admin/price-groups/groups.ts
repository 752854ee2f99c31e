import 'server-only';
// The price groups as the admin reads and writes them, under RLS ("admins write groups"): the list with each group's
// number of fixed prices and of trade accounts, and the writes of the group actions. A name is unique whatever its
// case (the table's unique index on lower(name)); the check here names the clash beside the field, the index
// settles a race.
import { ActionError } from '../../core/action-result';
import { withActor, type DbActor, type Tx } from '../../core/db';
import { GROUP_TEXT, groupInUse } from './labels';

export interface PriceGroupRow {
  id: string;
  name: string;
  /** As stored: '10.00'. */
  percentOff: string;
  fixedPrices: number;
  accounts: number;
}

type Row = { id: string; name: string; percent_off: string; fixed_prices: number; accounts: number };

const toGroup = (r: Row): PriceGroupRow => ({ id: r.id, name: r.name, percentOff: r.percent_off, fixedPrices: r.fixed_prices, accounts: r.accounts });

/** Each count reads its own index (the prices' primary key, the accounts' partial group index). */
function groupsQuery(tx: Tx, only: string | null) {
  return tx<Row[]>`
    select g.id, g.name, g.percent_off::text as percent_off,
           (select count(*)::int from public.price_group_prices p where p.group_id = g.id) as fixed_prices,
           (select count(*)::int from public.trade_accounts a where a.price_group_id = g.id) as accounts
      from public.price_groups g
     where ${only ? tx`g.id = ${only}` : tx`true`}
     order by lower(g.name), g.id`;
}

export async function loadPriceGroups(actor: DbActor): Promise<PriceGroupRow[]> {
  return withActor(actor, async (tx) => (await groupsQuery(tx, null)).map(toGroup));
}

/** Null when there is no such group (or the caller may not see it). */
export async function readPriceGroup(tx: Tx, groupId: string): Promise<PriceGroupRow | null> {
  const [row] = await groupsQuery(tx, groupId);
  return row ? toGroup(row) : null;
}

async function refuseTakenName(tx: Tx, name: string, except: string | null) {
  const [taken] = await tx`
    select 1 from public.price_groups where lower(name) = lower(${name}) and id is distinct from ${except}::uuid`;
  if (taken) throw new ActionError(GROUP_TEXT.nameTaken, 409, { name: GROUP_TEXT.nameTaken });
}

/** A race with another admin's same name ends at the unique index: said the same way. */
function nameClash(err: unknown): never {
  const e = err as { code?: string; constraint_name?: string };
  if (e?.code === '23505' && e.constraint_name === 'price_groups_name_idx') throw new ActionError(GROUP_TEXT.nameTaken, 409, { name: GROUP_TEXT.nameTaken });
  throw err;
}

export async function insertPriceGroup(tx: Tx, name: string, percentOff: string): Promise<string> {
  await refuseTakenName(tx, name, null);
  const [row] = await tx<{ id: string }[]>`
    insert into public.price_groups (name, percent_off) values (${name}, ${percentOff}) returning id`.catch(nameClash);
  return row!.id;
}

export async function updatePriceGroup(tx: Tx, groupId: string, name: string, percentOff: string): Promise<void> {
  await refuseTakenName(tx, name, groupId);
  const updated = await tx`
    update public.price_groups set name = ${name}, percent_off = ${percentOff}, updated_at = now()
     where id = ${groupId}`.catch(nameClash);
  if (updated.count === 0) throw new ActionError(GROUP_TEXT.gone, 404);
}

/**
 * Deletes a group no trade account is in; its fixed prices go with it (cascade). The group's row is locked first,
 * so an account being put in it meanwhile (its foreign key check holds a share lock on that row) is counted here
 * rather than set back to no group by the delete.
 */
export async function deletePriceGroup(tx: Tx, groupId: string): Promise<void> {
  const [locked] = await tx`select 1 from public.price_groups where id = ${groupId} for update`;
  if (!locked) throw new ActionError(GROUP_TEXT.gone, 404);
  const [{ accounts }] = await tx<[{ accounts: number }]>`
    select count(*)::int as accounts from public.trade_accounts where price_group_id = ${groupId}`;
  if (accounts > 0) throw new ActionError(groupInUse(accounts), 409);
  await tx`delete from public.price_groups where id = ${groupId}`;
}

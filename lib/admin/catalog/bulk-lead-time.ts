import 'server-only';
// The bulk lead time's write, as the other bulk actions (bulk.ts): the target is counted first (refusing one that is
// not what the admin saw), then one statement sets the rows that differ; the history gets the action's note.
import type { Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { leadTimeColumns, type LeadTime } from '../../catalog/lead-time';
import type { BulkTarget } from './bulk-rules';
import { countTarget } from './bulk';
import { bulkLeadTimeNote } from './bulk-lead-time-rules';
import { nameProductChange } from './history';
import { listWhere } from './list';
import { table } from './products';

/** Sets the lead time of every product of the target; answers how many the target holds. */
export async function bulkSetLeadTime(tx: Tx, category: Category, target: BulkTarget, lt: LeadTime): Promise<number> {
  await nameProductChange(tx, bulkLeadTimeNote(lt));
  const n = await countTarget(tx, category, target);
  const c = leadTimeColumns(lt);
  const where = target.kind === 'ids' ? tx`r.id = any(${target.ids}::uuid[])` : listWhere(tx, target.filter);
  await tx`
    update ${table(tx, category)} r
       set lead_time_kind = ${c.lead_time_kind}, lead_time_min = ${c.lead_time_min}, lead_time_max = ${c.lead_time_max}
     where ${where}
       and (r.lead_time_kind, r.lead_time_min, r.lead_time_max)
           is distinct from (${c.lead_time_kind}::text, ${c.lead_time_min}::smallint, ${c.lead_time_max}::smallint)`;
  return n;
}

import 'server-only';
// Quoted quotes whose last day has passed become expired, with an event in their history. The pages already treat
// them as expired from the day after (types.ts: effectiveStatus); this keeps the stored status and the filters true.
import { asServiceRole } from '../core/db';
import { shopToday } from './read';

export async function expireQuotes(today = shopToday()): Promise<number> {
  // Service role: the maintenance timer acts for nobody in particular.
  const rows = await asServiceRole(
    (tx) => tx`
      with expired as (
        update public.quotes set status = 'expired', answered_at = now()
         where status = 'quoted' and valid_until < ${today}::date
        returning id, valid_until)
      insert into public.quote_events (quote_id, kind, detail)
      select id, 'expired', jsonb_build_object('validUntil', valid_until) from expired
      returning quote_id`,
  );
  return rows.length;
}

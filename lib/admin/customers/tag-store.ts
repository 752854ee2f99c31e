import 'server-only';
// A customer's tags, written and read as the admin under RLS (staff only: a buyer reads none). Tags are matched
// without case by the table's key, so adding "vip" beside "VIP" is refused as a duplicate, and removing "vip" removes
// "VIP". The filter's choices are every tag in use, read by skipping through the tag index, one row per tag.
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import { MAX_TAGS_PER_CUSTOMER, TAG_TEXT } from './tags';

/** The tag filter's choices at most: more than a select can usefully hold. */
export const TAG_OPTIONS_LIMIT = 200;

export interface TagOption {
  /** The lower-case key the URL names. */
  key: string;
  /** One spelling in use. */
  label: string;
}

export async function customerTags(tx: Tx, key: string): Promise<string[]> {
  const rows = await tx<{ tag: string }[]>`select tag from public.customer_tags where customer_key = ${key} order by tag_key`;
  return rows.map((r) => r.tag);
}

export async function addTag(tx: Tx, key: string, tag: string, authorId: string): Promise<string[]> {
  // The customer's row, locked: two tags added at once count each other against the limit.
  const [customer] = await tx`select key from public.customers where key = ${key} for share`;
  if (!customer) throw new ActionError(TAG_TEXT.notFound, 404);
  const [{ n } = { n: 0 }] = await tx<{ n: number }[]>`select count(*)::int as n from public.customer_tags where customer_key = ${key}`;
  if (n >= MAX_TAGS_PER_CUSTOMER) throw new ActionError(TAG_TEXT.tooMany, 422, { tag: TAG_TEXT.tooMany });
  const added = await tx`
    insert into public.customer_tags (customer_key, tag, author_id) values (${key}, ${tag}, ${authorId})
    on conflict (customer_key, tag_key) do nothing`;
  if (added.count === 0) throw new ActionError(TAG_TEXT.duplicate, 409, { tag: TAG_TEXT.duplicate });
  return customerTags(tx, key);
}

export async function removeTag(tx: Tx, key: string, tag: string): Promise<string[]> {
  const [customer] = await tx`select key from public.customers where key = ${key}`;
  if (!customer) throw new ActionError(TAG_TEXT.notFound, 404);
  await tx`delete from public.customer_tags where customer_key = ${key} and tag_key = lower(${tag})`;
  return customerTags(tx, key);
}

/** Every tag in use, A–Z: a skip scan of the tag index (one probe per tag, not one row per tagged customer). */
export async function tagOptions(tx: Tx): Promise<TagOption[]> {
  return tx<TagOption[]>`
    with recursive t(key, label) as (
      (select tag_key, tag from public.customer_tags order by tag_key limit 1)
      union all
      (select n.tag_key, n.tag from t cross join lateral (
         select c.tag_key, c.tag from public.customer_tags c where c.tag_key > t.key order by c.tag_key limit 1) n)
    )
    select key, label from t limit ${TAG_OPTIONS_LIMIT}`;
}

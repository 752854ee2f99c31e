// Staff's tags on customers ("VIP", "Net 30", "Trade show 2026"): how a typed tag is read, and the schemas of adding
// and removing one. A tag is stored as typed (spaces collapsed) and matched without case, so "vip" and "VIP" are one
// tag; the list's filter names it by that lower-case key. Pure and client-safe: the form checks with the same rules.
import { z } from 'zod';
import { hasForbiddenCharacters } from '../../core/validation/text';
import { isCustomerKey } from './params';

export const TAG_MAX_LENGTH = 32;
export const MAX_TAGS_PER_CUSTOMER = 20;

/** Letters and numbers of any script, spaces and a few joining marks. */
const TAG_CHARACTERS = /^[\p{L}\p{N}\p{M} &+./#'_-]+$/u;

export const TAG_TEXT = {
  empty: 'Type a tag.',
  tooLong: `A tag can be at most ${TAG_MAX_LENGTH} characters.`,
  characters: 'A tag can use letters, numbers, spaces and - & + . / # \' _ only.',
  duplicate: 'This customer already has that tag.',
  tooMany: `A customer can have at most ${MAX_TAGS_PER_CUSTOMER} tags.`,
  notFound: 'This customer no longer exists.',
  added: 'Tag added',
  removed: 'Tag removed',
  addFailed: 'Failed to add the tag',
  removeFailed: 'Failed to remove the tag',
  noTags: 'No tags yet.',
  allTags: 'All tags',
} as const;

export type TagCheck = { ok: true; tag: string; key: string } | { ok: false; error: string };

/** A typed tag, trimmed with inner spaces collapsed (NFKC, so a full-width "ＶＩＰ" is "VIP"), or why it cannot be one. */
export function normalizeTag(input: string): TagCheck {
  // Control characters are refused, not turned into spaces (the rule of every text field).
  if (hasForbiddenCharacters(input)) return { ok: false, error: TAG_TEXT.characters };
  const tag = input.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (tag === '') return { ok: false, error: TAG_TEXT.empty };
  if ([...tag].length > TAG_MAX_LENGTH) return { ok: false, error: TAG_TEXT.tooLong };
  if (!TAG_CHARACTERS.test(tag)) return { ok: false, error: TAG_TEXT.characters };
  return { ok: true, tag, key: tagKey(tag) };
}

/** The case-free key a tag is matched and filtered by (the table's `tag_key`: Postgres's lower()). */
export function tagKey(tag: string): string {
  return tag.toLowerCase();
}

/** The list's ?tag= value: a valid tag's key, anything else no filter. */
export function tagFilterParam(input: string | undefined): string {
  if (!input) return '';
  const checked = normalizeTag(input);
  return checked.ok ? checked.key : '';
}

const customerKey = z.string({ error: TAG_TEXT.notFound }).refine(isCustomerKey, { error: TAG_TEXT.notFound });

const tagField = z.string({ error: TAG_TEXT.empty }).transform((value, ctx) => {
  const checked = normalizeTag(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.error });
    return z.NEVER;
  }
  return checked.tag;
});

export const addTagSchema = z.object({ key: customerKey, tag: tagField });
export const removeTagSchema = z.object({ key: customerKey, tag: tagField });
export type TagInput = z.input<typeof addTagSchema>;

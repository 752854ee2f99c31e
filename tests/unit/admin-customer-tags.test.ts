// Staff's tags on customers: how a typed tag is read, and the list's ?tag= filter in its URL.
import { describe, expect, it } from 'vitest';
import { customersHref, parseCustomersQuery, sortHref } from '@/lib/admin/customers/params';
import { addTagSchema, normalizeTag, TAG_TEXT, tagFilterParam } from '@/lib/admin/customers/tags';

describe('normalizeTag', () => {
  it('trims, collapses inner spaces and keeps the spelling, with a case-free key', () => {
    expect(normalizeTag('  Net   30 ')).toEqual({ ok: true, tag: 'Net 30', key: 'net 30' });
    expect(normalizeTag('VIP')).toEqual({ ok: true, tag: 'VIP', key: 'vip' });
    expect(normalizeTag('vip')).toMatchObject({ key: 'vip' });
    expect(normalizeTag('Trade show 2026')).toEqual({ ok: true, tag: 'Trade show 2026', key: 'trade show 2026' });
    // Full-width letters are the same tag as the plain ones.
    expect(normalizeTag('ＶＩＰ')).toMatchObject({ ok: true, tag: 'VIP' });
    expect(normalizeTag('Bijouterie Élise')).toMatchObject({ ok: true, key: 'bijouterie élise' });
    expect(normalizeTag("O'Neil & Co. #2 / east-side_b+")).toMatchObject({ ok: true });
  });

  it('refuses an empty tag, a long one and characters outside the set, with a clear message', () => {
    expect(normalizeTag('   ')).toEqual({ ok: false, error: TAG_TEXT.empty });
    expect(normalizeTag('x'.repeat(32))).toMatchObject({ ok: true });
    expect(normalizeTag('x'.repeat(33))).toEqual({ ok: false, error: TAG_TEXT.tooLong });
    for (const bad of ['<b>VIP</b>', 'VIP!', 'a,b', 'tab\there', 'emoji 💎', 'semi;colon']) {
      expect(normalizeTag(bad), bad).toEqual({ ok: false, error: TAG_TEXT.characters });
    }
  });

  it('is the schema the form and the action share', () => {
    const key = 'g-0123456789abcdef0123456789abcdef';
    expect(addTagSchema.parse({ key, tag: ' Net  30 ' })).toEqual({ key, tag: 'Net 30' });
    const bad = addTagSchema.safeParse({ key, tag: 'VIP!' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(TAG_TEXT.characters);
    expect(addTagSchema.safeParse({ key: 'someone@example.com', tag: 'VIP' }).error?.issues[0]?.message).toBe(TAG_TEXT.notFound);
  });
});

describe('the tag filter in the URL', () => {
  it('reads a valid tag as its key and drops anything else', () => {
    expect(tagFilterParam('VIP')).toBe('vip');
    expect(tagFilterParam(' Net 30 ')).toBe('net 30');
    expect(tagFilterParam('<script>')).toBe('');
    expect(tagFilterParam(undefined)).toBe('');
    expect(parseCustomersQuery({ tag: 'Net 30', q: 'ada' })).toMatchObject({ tag: 'net 30', q: 'ada' });
  });

  it('keeps the tag with the search, the sort and the pages', () => {
    expect(customersHref({ q: 'ada', tag: 'net 30', page: 2 })).toBe('/admin/customers?q=ada&tag=net+30&page=2');
    const query = parseCustomersQuery({ tag: 'vip', sort: 'spent', page: '3' });
    expect(sortHref(query, 'name')).toBe('/admin/customers?tag=vip&sort=name');
  });
});

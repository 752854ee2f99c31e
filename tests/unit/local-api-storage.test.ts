// Pure rules of the Storage stand-in: keys, on-disk paths, mime types, cache headers, listing.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StorageError, storageErrors } from '../../local-stack/api/storage/errors';
import {
  etagMatches,
  isMimeTypeAllowed,
  isValidBucketName,
  isValidObjectName,
  objectFilePath,
  publicCacheControl,
  splitBucketPath,
  storedCacheControl,
} from '../../local-stack/api/storage/paths';
import { listChildren } from '../../local-stack/api/storage/handlers/list';

describe('object keys and files', () => {
  const root = resolve('/srv/storage');

  it('accept normal keys and refuse traversal, empty segments and odd characters', () => {
    expect(isValidObjectName('rings/abc/1.png')).toBe(true);
    expect(isValidObjectName('with space (1).webp')).toBe(true);
    for (const bad of ['', '../x.png', 'a/../../x', 'a//b', '/abs.png', 'a/./b', 'tab\there', 'a\\b', 'nul\u0000']) {
      expect(isValidObjectName(bad)).toBe(false);
    }
    expect(isValidBucketName('product-images')).toBe(true);
    expect(isValidBucketName('a/b')).toBe(false);
    expect(isValidBucketName('..')).toBe(false);
  });

  it('map keys inside the bucket folder and refuse anything else', () => {
    expect(objectFilePath(root, 'product-images', 'rings/1.png')).toBe(join(root, 'product-images', 'rings', '1.png'));
    expect(() => objectFilePath(root, 'product-images', '../other/1.png')).toThrow();
    expect(() => objectFilePath(root, '..', 'x.png')).toThrow();
  });

  it('decode URL segments after splitting, so an encoded slash cannot add a level', () => {
    expect(splitBucketPath('/product-images/rings/a%20b.png')).toEqual({ bucket: 'product-images', name: 'rings/a b.png' });
    const sneaky = splitBucketPath('/product-images/..%2F..%2Fetc');
    expect(sneaky?.name).toBe('../../etc');
    expect(isValidObjectName(sneaky!.name)).toBe(false);
    expect(splitBucketPath('/bucket/%E0%A4%A')).toBeNull();
  });
});

describe('upload rules', () => {
  it("checks the bucket's allowed mime types, wildcards included", () => {
    const images = ['image/jpeg', 'image/png'];
    expect(isMimeTypeAllowed('image/png', images)).toBe(true);
    expect(isMimeTypeAllowed('IMAGE/PNG; charset=binary', images)).toBe(true);
    expect(isMimeTypeAllowed('text/plain', images)).toBe(false);
    expect(isMimeTypeAllowed('image/avif', ['image/*'])).toBe(true);
    expect(isMimeTypeAllowed('text/plain', null)).toBe(true);
    expect(isMimeTypeAllowed('text/plain', [])).toBe(true);
  });

  it('stores Cache-Control from multipart seconds or the raw header, and makes public objects public', () => {
    expect(storedCacheControl('3600')).toBe('max-age=3600');
    expect(storedCacheControl('max-age=60')).toBe('max-age=60');
    expect(storedCacheControl(undefined)).toBe('no-cache');
    expect(publicCacheControl('max-age=3600')).toBe('public, max-age=3600');
    expect(publicCacheControl('no-cache')).toBe('no-cache');
    expect(publicCacheControl('private, max-age=5')).toBe('private, max-age=5');
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc", "def"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"def"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe('errors', () => {
  it('render as HTTP 400 with the real status in statusCode', () => {
    expect(storageErrors.accessDenied().render()).toEqual({
      status: 400,
      body: {
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      },
    });
    expect(storageErrors.keyAlreadyExists().render().body).toMatchObject({
      statusCode: '409',
      error: 'Duplicate',
      message: 'The resource already exists',
    });
    expect(new StorageError(500, 'InternalError', 'boom').render().status).toBe(500);
  });
});

describe('list', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  const row = (name: string, id: string) => ({ name, id, updated_at: at, created_at: at, last_accessed_at: at, metadata: { size: 1 } });
  const rows = [row('rings/a.png', '1'), row('rings/b.png', '2'), row('rings/gold/c.png', '3'), row('rings/gold/d.png', '4'), row('top.png', '5')];
  const opts = { prefix: 'rings', search: '', sortColumn: 'name', sortOrder: 'asc' as const, limit: 100, offset: 0 };

  it('shows direct children of the prefix, deeper keys as one folder', () => {
    const items = listChildren(rows, opts);
    expect(items.map((i) => [i.name, i.id])).toEqual([
      ['a.png', '1'],
      ['b.png', '2'],
      ['gold', null],
    ]);
    expect(listChildren(rows, { ...opts, prefix: '' }).map((i) => i.name)).toEqual(['rings', 'top.png']);
  });

  it('filters by search prefix, sorts and pages', () => {
    expect(listChildren(rows, { ...opts, search: 'B' }).map((i) => i.name)).toEqual(['b.png']);
    expect(listChildren(rows, { ...opts, sortOrder: 'desc' }).map((i) => i.name)).toEqual(['gold', 'b.png', 'a.png']);
    expect(listChildren(rows, { ...opts, limit: 1, offset: 1 }).map((i) => i.name)).toEqual(['b.png']);
  });
});

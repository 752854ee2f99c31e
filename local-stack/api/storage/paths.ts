// Pure rules for bucket ids, object keys and where their bytes live on disk.
import { isAbsolute, join, relative, resolve } from 'node:path';

// Supabase Storage's key and bucket character sets (isValidKey / isValidBucketName).
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function isValidBucketName(bucket: string): boolean {
  return bucket.length > 0 && bucket.length <= 100 && BUCKET_CHARS.test(bucket) && bucket !== '.' && bucket !== '..';
}

/**
 * An object key is valid when it uses Storage's characters and cannot climb out of its bucket: no empty, "." or ".."
 * segments and no leading slash.
 */
export function isValidObjectName(name: string): boolean {
  if (!name || name.length > 1024 || !KEY_CHARS.test(name)) return false;
  return name.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Splits "/bucket/a/b.png" (URL-encoded segments) into the bucket and the decoded object name. */
export function splitBucketPath(rest: string): { bucket: string; name: string } | null {
  const segments = rest.split('/').filter((s, i) => !(i === 0 && s === ''));
  if (segments.length === 0) return null;
  try {
    const [bucket, ...name] = segments.map((s) => decodeURIComponent(s));
    return { bucket: bucket!, name: name.join('/') };
  } catch {
    return null;
  }
}

/** The file of an object, refusing any path that would leave `root/bucket`. */
export function objectFilePath(root: string, bucket: string, name: string): string {
  if (!isValidBucketName(bucket) || !isValidObjectName(name)) throw new Error(`invalid object path ${bucket}/${name}`);
  const bucketDir = resolve(root, bucket);
  const file = resolve(bucketDir, ...name.split('/'));
  const rel = relative(bucketDir, file);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new Error(`object path escapes its bucket: ${name}`);
  return join(bucketDir, rel);
}

/** "image/png; charset=x" → "image/png". */
export function baseMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Bucket allowed_mime_types: exact types or "type/*" wildcards; empty or null allows everything. */
export function isMimeTypeAllowed(contentType: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = baseMimeType(contentType);
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule.endsWith('/*') ? mime.startsWith(rule.slice(0, -1)) : mime === rule;
  });
}

/** The Cache-Control stored with an object: multipart sends seconds, raw uploads send the header itself. */
export function storedCacheControl(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return 'no-cache';
  return /^\d+$/.test(v) ? `max-age=${v}` : v;
}

/** Public objects may be cached by shared caches, unless the uploader said otherwise. */
export function publicCacheControl(stored: string): string {
  return /\b(public|private|no-store|no-cache)\b/i.test(stored) ? stored : `public, ${stored}`;
}

/** ETag comparison for If-None-Match (list of tags, weak tags, or "*"). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

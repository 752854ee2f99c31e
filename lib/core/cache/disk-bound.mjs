// The size bound of the cache's files on disk (shared-tags-handler.mjs). Next's file-system cache writes rendered
// pages under <build>/server/route-cache and data entries under <build>/cache/fetch-cache while it serves, and never
// removes them. Each process counts what it writes; each time it has written a 64th of the bound it scans both
// folders (every file counts: other workers', other servers' sharing the build folder, earlier runs') and removes
// whole entries, oldest written first, until they take at most CACHE_DISK_MAX_BYTES. An entry removed is rendered
// again on its next request. The build's own pages (server/app) are never touched. So the folders hold at most the
// bound, plus what each writing process wrote since its last scan (two 64ths of the bound at most).
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const MB = 1024 * 1024;
const BLOCK = 4096;

/** PAGE_CACHE_DISK_MB, default 256 (docs/operations.md: Disk). */
export function diskBoundBytes(env = process.env) {
  const mb = Number(env.PAGE_CACHE_DISK_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 256) * MB;
}

export const CACHE_DISK_MAX_BYTES = diskBoundBytes();

/** The folders the cache writes to while serving, under the server folder of a build (`serverDistDir`). */
export function cacheFolders(serverDistDir) {
  return [join(serverDistDir, 'route-cache'), join(serverDistDir, '..', 'cache', 'fetch-cache')];
}

// A page's files: <key>.html (or .body), .rsc (.prefetch.rsc), .meta, .json and <key>.segments/…; a data entry is
// one file named by its hash.
const ENTRY_PART = /(?:\.segments[\\/].*|\.prefetch\.rsc|\.rsc|\.html|\.body|\.meta|\.json)$/;

/** Disk a file of `length` bytes takes: whole blocks. */
export function blocksFor(length) {
  return Math.ceil((length + 1) / BLOCK) * BLOCK;
}

/** The disk an entry about to be written takes (an estimate: only the trigger of the next scan depends on it). */
export function entryBytes(data) {
  if (!data) return 0;
  if (data.kind === 'FETCH') return blocksFor(JSON.stringify(data.data ?? '').length);
  let bytes = blocksFor(data.html?.length ?? data.body?.length ?? 0) + blocksFor(data.rscData?.length ?? 0) + BLOCK;
  for (const segment of data.segmentData?.values?.() ?? []) bytes += blocksFor(segment.length);
  return bytes;
}

async function listFiles(folder) {
  try {
    const found = await readdir(folder, { recursive: true, withFileTypes: true });
    return found.filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name));
  } catch (err) {
    if (err?.code === 'ENOENT') return [];
    throw err;
  }
}

/** Every entry in `folders`: its files, the disk they take and when it was last written. */
export async function scanEntries(folders) {
  const entries = new Map();
  const files = (await Promise.all(folders.map(listFiles))).flat();
  const stats = await Promise.all(files.map((file) => stat(file).catch(() => null)));
  files.forEach((file, i) => {
    const st = stats[i];
    if (!st) return;
    const stem = file.replace(ENTRY_PART, '');
    const entry = entries.get(stem) ?? { stem, files: [], bytes: 0, writtenAt: 0 };
    entry.files.push(file);
    entry.bytes += st.blocks === undefined ? blocksFor(st.size) : st.blocks * 512;
    entry.writtenAt = Math.max(entry.writtenAt, st.mtimeMs);
    entries.set(stem, entry);
  });
  return [...entries.values()];
}

/**
 * Removes entries oldest written first until the rest take at most `maxBytes`; answers the disk they take, the
 * entries kept and those removed (their paths without the file endings).
 */
export async function trimFolders(folders, maxBytes) {
  const entries = await scanEntries(folders);
  let bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  const removed = [];
  entries.sort((a, b) => a.writtenAt - b.writtenAt);
  for (const entry of entries) {
    if (bytes <= maxBytes) break;
    // The page itself first: a reader that finds it gone renders again, instead of reading half an entry.
    entry.files.sort((a, b) => Number(!/\.(?:html|body)$/.test(a)) - Number(!/\.(?:html|body)$/.test(b)));
    for (const file of entry.files) await rm(file, { force: true });
    if (entry.files.some((f) => f.startsWith(`${entry.stem}.segments`))) await rm(`${entry.stem}.segments`, { recursive: true, force: true });
    bytes -= entry.bytes;
    removed.push(entry.stem);
  }
  return { bytes, kept: entries.slice(removed.length).map((e) => e.stem), removed };
}

/**
 * One build folder's bound, per process: `wrote` counts an entry's bytes and, every `sweepBytes`, trims the folders
 * in the background (a scan of a full folder is too slow to wait for). A write that crosses the mark again
 * while a trim runs waits for it, so a flood of new pages cannot outrun the trims.
 */
export class DiskBound {
  constructor(serverDistDir, { maxBytes = CACHE_DISK_MAX_BYTES, sweepBytes = Math.max(MB / 4, maxBytes / 64), onTrim, onError } = {}) {
    this.folders = cacheFolders(serverDistDir);
    this.maxBytes = maxBytes;
    this.sweepBytes = sweepBytes;
    this.onTrim = onTrim;
    this.onError = onError;
    // The first write scans: what earlier runs and other processes left counts from the start.
    this.written = sweepBytes;
    this.trimming = null;
  }

  async wrote(bytes) {
    this.written += bytes;
    if (this.written < this.sweepBytes) return;
    if (this.trimming) return this.trimming;
    this.trimming = this.trim()
      .then((result) => this.onTrim?.(result), (err) => this.onError?.(err))
      .finally(() => {
        this.trimming = null;
      });
  }

  /** Scans and trims now; the count of bytes written starts again from what the scan sees. */
  async trim() {
    this.written = 0;
    return trimFolders(this.folders, this.maxBytes);
  }
}

// The production server's answer for the build's scripts and styles: the compressed copies the client build wrote
// beside them (build/precompress.ts), brotli where the browser takes it, else gzip, sent as they are. Next.js would
// gzip each response on the fly, and leaves files under 1 kB uncompressed. Anything else goes on to Next.js: neither
// encoding accepted, range requests, files without copies.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { acceptedEncodings } from './accept-encoding.mjs';

const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };

/** The copy to send for an Accept-Encoding header: br unless the browser prefers gzip, gzip, or null for neither. */
export function chooseEncoding(header) {
  return acceptedEncodings(header, ['br', 'gzip'])[0] ?? null;
}

const SUFFIX = { br: '.br', gzip: '.gz' };

/** The URL path of a request without its query, decoded; null when it does not decode. */
function requestPath(url) {
  try {
    return decodeURIComponent((url ?? '').split('?')[0]);
  } catch {
    return null;
  }
}

export class PrecompressedStatic {
  /** @param {string} staticDir the build's static folder (<distDir>/static), served under /_next/static/ */
  constructor(staticDir) {
    /** URL path of each file that has both copies → its path on disk, without the suffix. Only these are ever read. */
    this.copies = new Map();
    this.bodies = new Map();
    let entries = [];
    try {
      entries = readdirSync(staticDir, { recursive: true, withFileTypes: true });
    } catch {
      // No build yet: everything goes to Next.js.
    }
    const names = new Set(entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name)));
    for (const name of names) {
      if (!name.endsWith('.br')) continue;
      const disk = name.slice(0, -'.br'.length);
      const file = disk.slice(staticDir.length + 1).split(/[\\/]/).join('/');
      if (TYPES[extname(file)] && names.has(`${disk}.gz`)) this.copies.set(`/_next/static/${file}`, disk);
    }
  }

  /** Answers the request from a compressed copy and returns true, or returns false and leaves it to Next.js. */
  serve(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!req.url?.startsWith('/_next/static/') || req.headers.range !== undefined) return false;
    const path = requestPath(req.url);
    const disk = path && this.copies.get(path);
    const encoding = disk && chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    const copy = disk + SUFFIX[encoding];
    let body = this.bodies.get(copy);
    if (!body) {
      body = readFileSync(copy);
      this.bodies.set(copy, body);
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(path)],
      'Content-Encoding': encoding,
      'Content-Length': body.length,
      // The file names carry their content's hash, as Next.js's own answer says.
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}

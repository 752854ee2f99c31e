// The production server's answer for the build's scripts and styles when the browser accepts brotli: the copies
// the client build wrote beside them at brotli's best level (build/precompress.ts), sent as they are. Next.js would
// gzip each response on the fly, and leaves files under 1 kB uncompressed. Anything else goes on to Next.js: other
// encodings, range requests, files without a copy.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };

/** Whether an Accept-Encoding header takes br (`br;q=0` refuses it). */
export function acceptsBrotli(header) {
  for (const part of String(header ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (coding !== 'br') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

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
    /** URL path of each file that has a brotli copy → the copy's path on disk. Only these are ever read. */
    this.copies = new Map();
    this.bodies = new Map();
    let entries = [];
    try {
      entries = readdirSync(staticDir, { recursive: true, withFileTypes: true });
    } catch {
      // No build yet: everything goes to Next.js.
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.br')) continue;
      const disk = join(entry.parentPath ?? entry.path, entry.name);
      const file = disk.slice(staticDir.length + 1, -'.br'.length).split(/[\\/]/).join('/');
      if (TYPES[extname(file)]) this.copies.set(`/_next/static/${file}`, disk);
    }
  }

  /** Answers the request from a brotli copy and returns true, or returns false and leaves it to Next.js. */
  serve(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!req.url?.startsWith('/_next/static/') || req.headers.range !== undefined) return false;
    const path = requestPath(req.url);
    const disk = path && this.copies.get(path);
    if (!disk || !acceptsBrotli(req.headers['accept-encoding'])) return false;
    let body = this.bodies.get(disk);
    if (!body) {
      body = readFileSync(disk);
      this.bodies.set(disk, body);
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(path)],
      'Content-Encoding': 'br',
      'Content-Length': body.length,
      // The file names carry their content's hash, as Next.js's own answer says.
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}

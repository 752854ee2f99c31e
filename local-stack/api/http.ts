// Small HTTP helpers shared by the Auth, Storage and mailbox stand-ins (node:http, no framework).
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  /** Path below the service prefix, e.g. "/token" for /auth/v1/token. */
  path: string;
  header(name: string): string | undefined;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

/** Reads the whole request body, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** decodeURIComponent that answers null for bad percent-encoding ('%E0%A4%A') instead of throwing. */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
  });
  res.end(payload);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  const payload = Buffer.from(html);
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(payload.length) });
  res.end(payload);
}

export function redirect(res: ServerResponse, location: string, status = 303): void {
  res.writeHead(status, { Location: location, 'Content-Length': '0' });
  res.end();
}

export function bearerToken(header: string | undefined): string | null {
  // RFC 7235: the scheme is case-insensitive.
  const match = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

const CORS_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'x-supabase-api-version',
  'content-type',
  'x-upsert',
  'cache-control',
  'content-encoding',
  'x-metadata',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'if-none-match',
].join(', ');

/** The browser app runs on some localhost port; any loopback origin may call the stand-ins. */
export function isAllowedOrigin(origin: string | undefined): origin is string {
  if (!origin) return false;
  try {
    const { protocol, hostname } = new URL(origin);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost'))
    );
  } catch {
    return false;
  }
}

export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!isAllowedOrigin(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': CORS_HEADERS,
    'Access-Control-Expose-Headers':
      'Content-Length, Content-Range, Content-Type, ETag, Last-Modified, Cache-Control, X-Supabase-Api-Version, X-Total-Count, Link',
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin',
  };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Request bodies are read through a byte cap: the stream is consumed only up to the limit and then cancelled, so a
// 200 MB POST costs at most `limit` bytes of memory, whatever Content-Length says (or leaves out, when chunked).
import { HttpError } from './errors';

export const KB = 1024;
export const MB = 1024 * 1024;

function tooLarge(limit: number): HttpError {
  const size = limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} kB`;
  return new HttpError(413, `The request is too large (${size} at most).`, 'too_large');
}

/**
 * A client that hangs up while its body is on the way (a page left mid-request) is its own doing, not the server's
 * fault: answered 400 (to nobody) and not logged as an error. Any other failure of the stream stays an error.
 */
function clientGone(err: unknown): never {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ECONNRESET' || message === 'aborted') {
    throw new HttpError(400, 'The request ended before its body arrived.', 'client_closed');
  }
  throw err;
}

/**
 * Stops reading without waiting: the cancel of a cloned request's body (a tee) settles only once the other copy is
 * read or cancelled too, which for the middleware's copy is never.
 */
function discard(cancelled: Promise<void> | undefined): void {
  cancelled?.catch(() => {});
}

/** The body's bytes, at most `limit` of them; 413 as soon as the declared or the streamed size is above it. */
export async function readBodyCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    discard(request.body?.cancel());
    throw tooLarge(limit);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(clientGone);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      discard(reader.cancel());
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The body as UTF-8 text (invalid UTF-8 is a 400, not replacement characters stored in the database). */
export async function readTextCapped(request: Request, limit: number): Promise<string> {
  const bytes = await readBodyCapped(request, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The request body is not valid UTF-8 text.');
  }
}

/** A JSON body of at most `limit` bytes. Only application/json: a cross-site form cannot send it without CORS. */
export async function readJsonCapped(request: Request, limit: number): Promise<unknown> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    await request.body?.cancel().catch(() => {});
    throw new HttpError(415, 'The request body must be JSON.', 'unsupported_media_type');
  }
  const text = await readTextCapped(request, limit);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be JSON.');
  }
}

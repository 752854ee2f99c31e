// Next.js answers 500 when a server-action request's body cannot be decoded (not React's reply encoding: a JSON array
// of arguments, or multipart with its root field "0"; or a '$' reference to a part that is not there). Such a body is the client's fault: the middleware checks a
// copy of it, through the same byte cap as every body, and refuses it with 400 (413 above the 1 MB action limit).
import { MB, readBodyCapped } from '../request-body';
import { HttpError } from '../errors';

export const ACTION_BODY_LIMIT = 1 * MB;

/** React decodes replies recursively: a few thousand nested brackets overflow its stack (a 500). */
const MAX_NESTING = 64;

function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}

/**
 * React reads a string that starts with '$' as a tag: most tags point at another part of the body (an outlined
 * model, a Map, a Set, a typed array, a server reference…), and one that points at nothing, or a malformed BigInt,
 * throws inside Next.js (a 500). The shop's forms and actions send plain values only, so only the tags that stand
 * for a value are let through: '$$' (a '$' of the text), FormData ('$K'), Infinity, -0, -Infinity, NaN, undefined,
 * a date and a BigInt of digits.
 */
const VALUE_TAG = /^\$(?:\$|K|I|N|u|D|-|n-?\d{1,300}$)/;
const plainValues = (value: unknown): boolean => {
  if (typeof value === 'string') return value[0] !== '$' || VALUE_TAG.test(value);
  if (Array.isArray(value)) return value.every(plainValues);
  if (value !== null && typeof value === 'object') return Object.values(value).every(plainValues);
  return true;
};

const isArgumentList = (text: string): boolean => {
  if (nestingDepth(text) > MAX_NESTING) return false;
  try {
    const args: unknown = JSON.parse(text);
    return Array.isArray(args) && plainValues(args);
  } catch {
    return false;
  }
};

/** null when `request` is not a server action or its body decodes; otherwise the refusal to answer with. */
export async function refuseMalformedAction(request: Request): Promise<HttpError | null> {
  if (request.method !== 'POST' || !request.headers.has('next-action')) return null;
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(request.clone(), ACTION_BODY_LIMIT);
  } catch (err) {
    return err instanceof HttpError ? err : new HttpError(400, 'The request body could not be read.');
  }
  const type = request.headers.get('content-type') ?? '';
  const malformed = new HttpError(400, 'The request was malformed. Please reload the page and try again.', 'malformed_action');
  if (/^multipart\/form-data/i.test(type)) {
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
      const root = form.get('0');
      return typeof root === 'string' && isArgumentList(root) ? null : malformed;
    } catch {
      return malformed;
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return malformed;
  }
  return isArgumentList(text) ? null : malformed;
}

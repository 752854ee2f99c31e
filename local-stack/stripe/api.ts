// What every resource of the Stripe stand-in shares: the error type and Stripe's error bodies, ids, parameter
// readers, and the in-memory state the resources read and write.
import { randomBytes } from 'node:crypto';
import type { FormObject, FormValue } from './form';

export type Json = Record<string, unknown>;

/** An API error: the HTTP status and Stripe's `error` object. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

export const invalid = (message: string, extra: Json = {}) =>
  new ApiError(400, { type: 'invalid_request_error', message, ...extra });
export const missing = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export function docUrl(code: string) {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

export function resourceMissing(kind: string, id: string, param: string, status = 404): ApiError {
  return new ApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: docUrl('resource_missing'),
  });
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return `${prefix}_${out}`;
}
export const now = () => Math.floor(Date.now() / 1000);

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): FormObject | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;

export function integer(params: FormObject, name: string, required: boolean): number | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') {
    if (required) throw missing(name);
    return undefined;
  }
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
    throw invalid(`Invalid integer: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`, {
      code: 'parameter_invalid_integer',
      param: name,
    });
  }
  return Number(raw);
}

export function checkKnown(params: FormObject, allowed: string[]) {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalid(`Received unknown parameter: ${key}`, { code: 'parameter_unknown', param: key });
    }
  }
}

/** Stripe's metadata update rules: keys merge, an empty value removes the key, an empty string clears all. */
export function mergeMetadata(current: Record<string, string>, raw: FormValue | undefined): Record<string, string> {
  if (raw === undefined) return current;
  if (raw === '') return {};
  const update = obj(raw);
  if (!update) throw invalid('Invalid object', { param: 'metadata' });
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (typeof v !== 'string') throw invalid('Invalid metadata value', { param: `metadata[${k}]` });
    if (v === '') delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > 50) throw invalid('Metadata can have at most 50 keys.', { param: 'metadata' });
  return next;
}

/** A list object as Stripe returns it (`{ object: 'list', data, has_more, url }`), newest first, `limit` long. */
export function listOf(items: Json[], url: string, query: URLSearchParams): Json {
  const limit = Math.min(100, Math.max(1, Number(query.get('limit')) || 10));
  const sorted = items.slice().sort((a, b) => Number(b.created) - Number(a.created));
  const after = query.get('starting_after');
  const start = after ? sorted.findIndex((i) => i.id === after) + 1 : 0;
  const data = sorted.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < sorted.length, url };
}

export type Access = 'secret' | 'publishable';

export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
  apiVersion: string | null;
}

/** One routed API call: the method, path, form parameters, query, caller's key kind and request facts. */
export interface ApiCall {
  method: string;
  path: string;
  params: FormObject;
  query: URLSearchParams;
  access: Access;
  request: RequestInfo;
}

export interface ApiResult {
  status: number;
  body: Json;
}

/** A resource's router: the result of a call it serves, or null when the call is not its own. */
export type Route = (call: ApiCall) => ApiResult | null;

export function requireSecret(access: Access) {
  if (access !== 'secret') {
    throw new ApiError(401, {
      type: 'invalid_request_error',
      message:
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    });
  }
}

/** Drops internal fields (prefixed `_`) from an object going out. */
export function withoutInternals(value: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) if (!k.startsWith('_')) out[k] = v;
  return out;
}

import 'server-only';
// The one wrapper every server action goes through: schema → caller check → rate limit → transaction under RLS as
// the caller → cache revalidation → a result the form can show. Admin actions run as the admin user (RLS
// `is_admin()` is the last gate), never as the service role. Nothing thrown inside reaches the browser as text: an
// ActionError or HttpError is shown as written; anything else is logged with a request id and answered with the
// action's failure message.
import type { z } from 'zod';
import { authorize, type Access, type Caller } from './access';
import { revalidateAfterCommit } from '../core/cache/revalidate';
import { withActor, type Tx } from '../core/db';
import { fieldErrors, genericFailure, HttpError } from '../core/errors';
import { logError, newRequestId } from '../core/log';
import { enforceRateLimits, type RateCheck } from '../core/rate-limit';
import { ActionError, type ActionResult } from '../core/action-result';
import { wakeMailSender } from '../mail/sender';

export interface ActionContext extends Caller {
  tx: Tx;
  requestId: string;
}

export interface ActionDefinition<S extends z.ZodType, T> {
  /** Unique name, used in logs and in the admin action matrix test. */
  name: string;
  access: Access;
  schema: S;
  /** The toast or banner after success. */
  success?: string | ((data: T, input: z.output<S>) => string);
  /** What the person sees when something unexpected fails (the 'Failed to …' wording). */
  failure: string;
  /** Cache tags to revalidate after the transaction commits. */
  revalidate?: readonly string[] | ((data: T, input: z.output<S>) => readonly string[]);
  /** Rate limits counted before any work; the caller's request headers are passed in. */
  rateLimit?: (input: z.output<S>, headers: Headers, caller: Caller) => RateCheck[];
  /** false runs `run` outside a database transaction (e.g. calls to the Auth server only). Default true. */
  transaction?: boolean;
  run: (input: z.output<S>, ctx: ActionContext) => Promise<T>;
}

export interface ActionMeta {
  name: string;
  access: Access;
}

/** The server action's own marker, read by the admin action matrix test. */
export const ACTION_META = Symbol.for('shop.action');

export type ServerAction<T> = ((input: unknown) => Promise<ActionResult<T>>) & { [ACTION_META]: ActionMeta };

/** FormData → plain object: repeated names become arrays; files are dropped (uploads go through route handlers). */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith('$ACTION')) continue;
    const values = form.getAll(key).filter((v): v is string => typeof v === 'string');
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

async function requestHeaders(): Promise<Headers> {
  try {
    const { headers } = await import('next/headers');
    return new Headers(await headers());
  } catch {
    return new Headers();
  }
}

export function defineAction<S extends z.ZodType, T>(def: ActionDefinition<S, T>): ServerAction<T> {
  const action = async (raw: unknown): Promise<ActionResult<T>> => {
    const requestId = newRequestId();
    try {
      const caller = await authorize(def.access);
      const parsed = def.schema.safeParse(raw instanceof FormData ? formDataToObject(raw) : raw);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return { ok: false, status: 400, error: Object.values(errors)[0] ?? def.failure, fieldErrors: errors };
      }
      const input = parsed.data as z.output<S>;
      if (def.rateLimit) await enforceRateLimits(def.rateLimit(input, await requestHeaders(), caller));
      const data =
        def.transaction === false
          ? await def.run(input, { ...caller, tx: undefined as unknown as Tx, requestId })
          : await withActor(caller.actor, (tx) => def.run(input, { ...caller, tx, requestId }));
      const tags = typeof def.revalidate === 'function' ? def.revalidate(data, input) : (def.revalidate ?? []);
      revalidateAfterCommit(tags);
      const message = typeof def.success === 'function' ? def.success(data, input) : def.success;
      return { ok: true, data, ...(message ? { message } : {}) };
    } catch (err) {
      if (err instanceof ActionError) {
        return { ok: false, status: err.status, error: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) };
      }
      if (err instanceof HttpError) {
        return { ok: false, status: err.status, error: err.message };
      }
      // redirect() and notFound() inside an action are control flow, not failures.
      if (isNextControlFlow(err)) throw err;
      logError(`action ${def.name} failed`, err, { requestId });
      return { ok: false, status: 500, error: def.failure || genericFailure(requestId), requestId };
    }
  };
  return Object.assign(action, { [ACTION_META]: { name: def.name, access: def.access } });
}

function isNextControlFlow(err: unknown): boolean {
  const digest = (err as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR_FALLBACK'));
}

/** The action, then (once it has committed) a wake-up for this server's mail sender when `queued` says so. */
export function wakingMailSender<T>(action: ServerAction<T>, queued: (data: T) => boolean = () => true): ServerAction<T> {
  const wrapped = async (input: unknown) => {
    const result = await action(input);
    if (result.ok && queued(result.data)) wakeMailSender();
    return result;
  };
  return Object.assign(wrapped, { [ACTION_META]: action[ACTION_META] });
}

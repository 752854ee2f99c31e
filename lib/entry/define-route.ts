import 'server-only';
// The one wrapper for route handlers: a request id on every answer, the caller checked on the server, rate limits,
// and errors answered as JSON with a status and a readable message. Bodies are read by the handler through
// lib/core/request-body.ts with its own cap; database text never reaches the client.
import { authorize, type Access, type Caller } from './access';
import { isSameOrigin } from '../core/security/origin';
import { enforceRateLimits, type RateCheck } from '../core/rate-limit';
import { genericFailure, HttpError } from '../core/errors';
import { logError, newRequestId } from '../core/log';

export interface RouteContext<P> extends Caller {
  requestId: string;
  params: P;
}

export interface RouteOptions {
  /** Name in logs and in the admin action matrix test. */
  name: string;
  access: Access;
  /** The message for an unexpected failure (a reference id is added to the answer); a generic one by default. */
  failure?: string;
  /** Counted before the handler runs. */
  rateLimit?: (request: Request, caller: Caller) => RateCheck[];
}

export const ROUTE_META = Symbol.for('shop.route');

type Handler<P> = (request: Request, ctx: RouteContext<P>) => Promise<Response>;
type NextRouteHandler<P> = (request: Request, context?: { params: Promise<P> }) => Promise<Response>;

export function jsonError(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** The answer for a thrown error: HttpError as written, anything else logged and answered 500 with a reference. */
export function errorAnswer(err: unknown, requestId: string, event: string, fallback?: string): Response {
  if (err instanceof HttpError) {
    return jsonError(
      err.status,
      { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) },
      { ...err.headers, 'x-request-id': requestId },
    );
  }
  logError(event, err, { requestId });
  const error = fallback ? `${fallback} (reference ${requestId})` : genericFailure(requestId);
  return jsonError(500, { error, requestId }, { 'x-request-id': requestId });
}

export function defineRoute<P = Record<string, string>>(options: RouteOptions, handler: Handler<P>): NextRouteHandler<P> {
  const route: NextRouteHandler<P> = async (request, context) => {
    const requestId = newRequestId();
    try {
      // A write from another site's page (route handlers sit outside the middleware's own origin check).
      const { method, headers } = request;
      if (method !== 'GET' && method !== 'HEAD' && !isSameOrigin(headers.get('origin'), headers.get('host'), headers.get('x-forwarded-host'))) {
        throw new HttpError(403, 'This request came from another site and was refused.', 'foreign_origin');
      }
      const caller = await authorize(options.access);
      if (options.rateLimit) await enforceRateLimits(options.rateLimit(request, caller));
      const params = (await context?.params) ?? ({} as P);
      const response = await handler(request, { ...caller, requestId, params });
      response.headers.set('x-request-id', requestId);
      return response;
    } catch (err) {
      return errorAnswer(err, requestId, `route ${options.name} failed`, options.failure);
    }
  };
  return Object.assign(route, { [ROUTE_META]: { name: options.name, access: options.access } });
}

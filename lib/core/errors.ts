// Errors meant for the person at the other end: an HTTP status and a sentence they can act on. Anything else that
// is thrown is a fault of ours; it is logged with a request id and answered with a generic message and that id,
// never with the database's text.
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'invalid_request',
    readonly details?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';

/** 'Something went wrong… (reference abc123)': what a client sees of an unexpected fault. */
export function genericFailure(requestId: string): string {
  return `${GENERIC_FAILURE} (reference ${requestId})`;
}

/** One readable sentence from a zod error: 'lines.0.quantity: quantity must be at least 1'. */
export function describeIssues(error: z.ZodError, limit = 3): string {
  return error.issues
    .slice(0, limit)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Field → first message, for forms ('address_line1' → 'Street address is required'). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_form';
    out[key] ??= issue.message;
  }
  return out;
}

// Server logs: one JSON line per event, with the request id a client was given, so a support question ("reference
// 3f9c…") leads straight to the log line. Small on purpose: stdout is collected by whatever hosts the server.
import { randomBytes } from 'node:crypto';

export function newRequestId(): string {
  return randomBytes(6).toString('hex');
}

function describe(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const extra = err as Error & { code?: unknown; detail?: unknown };
    return { error: err.message, name: err.name, code: extra.code, detail: extra.detail, stack: err.stack };
  }
  return { error: String(err) };
}

export function logError(event: string, err: unknown, fields: Record<string, unknown> = {}): void {
  console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), event, ...fields, ...describe(err) }));
}

export function logWarn(event: string, fields: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ level: 'warn', time: new Date().toISOString(), event, ...fields }));
}

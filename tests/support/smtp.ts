// The local SMTP server of a test stack, from any process: its state, and making it refuse the next messages or go
// down and come back (POST /mailbox/api/smtp on the API stand-in; local-stack/smtp/server.ts).
import type { SmtpState } from '../../local-stack/smtp/server';

async function call(apiUrl: string, body?: { refuseNext?: number; up?: boolean }): Promise<SmtpState> {
  const res = await fetch(`${apiUrl.replace(/\/$/, '')}/mailbox/api/smtp`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`mailbox smtp control answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as SmtpState;
}

export const smtpState = (apiUrl: string) => call(apiUrl);
/** The next `n` messages are answered 451 (try again later). */
export const smtpRefuseNext = (apiUrl: string, n: number) => call(apiUrl, { refuseNext: n });
export const smtpDown = (apiUrl: string) => call(apiUrl, { up: false });
/** Up again, refusing nothing. */
export const smtpUp = (apiUrl: string) => call(apiUrl, { up: true, refuseNext: 0 });

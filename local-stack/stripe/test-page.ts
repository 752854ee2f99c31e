// The 3-D Secure test page (GET shows Complete / Fail, POST applies the choice and returns to the shop), standing in
// for the card issuer's authentication step.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseForm } from './form';
import { str } from './api';
import type { PaymentIntents } from './payment-intents';

export type Send = (res: ServerResponse, status: number, body: string, headers?: Record<string, string>) => void;

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3D Secure test</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1c1b19}
button{font:inherit;padding:.6rem 1.2rem;margin:.25rem;border-radius:.25rem;border:1px solid #1c1b19;cursor:pointer}
.ok{background:#1c1b19;color:#fff}</style></head><body>${body}</body></html>`);
}

export function testPageHandler(intents: PaymentIntents, send: Send, readBody: (req: IncomingMessage) => Promise<string>) {
  return async function handleTest(req: IncomingMessage, res: ServerResponse, url: URL) {
    const m = /^\/__test\/authenticate\/([^/]+)$/.exec(url.pathname);
    if (!m) return send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not found' } }));
    const id = decodeURIComponent(m[1]!);
    if (req.method === 'GET') {
      const pi = intents.find(id);
      const secret = url.searchParams.get('client_secret') ?? '';
      if (!pi || pi.client_secret !== secret) return html(res, 404, '<h1>Unknown payment</h1>');
      const esc = secret.replace(/[^A-Za-z0-9_]/g, '');
      return html(
        res,
        200,
        `<h1>3D Secure test payment</h1><p>Amount: ${(pi.amount / 100).toFixed(2)} ${pi.currency.toUpperCase()}</p>
<p>This page stands in for the card issuer's authentication step.</p>
<form method="post"><input type="hidden" name="client_secret" value="${esc}">
<button class="ok" name="action" value="complete">Complete authentication</button>
<button name="action" value="fail">Fail authentication</button></form>`,
      );
    }
    if (req.method === 'POST') {
      const form = parseForm(await readBody(req));
      const { pi, returnUrl, succeeded } = intents.authenticate(id, str(form.client_secret), str(form.action) ?? 'fail');
      if (returnUrl) {
        const back = new URL(returnUrl);
        back.searchParams.set('payment_intent', pi.id);
        back.searchParams.set('payment_intent_client_secret', pi.client_secret);
        back.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
        res.writeHead(303, { location: back.toString() });
        return res.end();
      }
      return html(res, 200, `<h1>${succeeded ? 'Authentication complete' : 'Authentication failed'}</h1><p>You can close this window.</p>`);
    }
    send(res, 405, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Method not allowed' } }));
  };
}

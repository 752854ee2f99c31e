// Test switches over HTTP (secret key only): delivery mode, the event log with every delivery attempt, resending
// an event, waiting until no delivery is pending, and the invoice switches (bank transfers, invoice.overdue).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InvoiceSwitches } from './invoice-page';
import type { Send } from './test-page';
import type { DeliveryMode, Webhooks } from './webhooks';

export interface InvoiceControl {
  switches: InvoiceSwitches;
  /** Sends invoice.overdue for an open invoice; answers the event id. */
  overdue(invoiceId: string): string;
}

export function controlHandler(webhooks: Webhooks, secretKey: string, send: Send, readBody: (req: IncomingMessage) => Promise<string>, invoices?: InvoiceControl) {
  return async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const header = req.headers.authorization ?? '';
    if (header !== `Bearer ${secretKey}`) {
      return send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Control calls need the secret key.' } }));
    }
    const path = url.pathname;
    const mode = webhooks.deliveryMode;
    if (path === '/__control/delivery') {
      if (req.method === 'POST') {
        const raw = await readBody(req);
        const body = (raw ? JSON.parse(raw) : {}) as Partial<DeliveryMode & { webhookUrl: string; retryDelaysMs: number[] }>;
        if (body.copies !== undefined) mode.copies = Math.max(1, Math.floor(Number(body.copies)) || 1);
        if (body.delayMs !== undefined) mode.delayMs = Math.max(0, Number(body.delayMs) || 0);
        if (body.webhookUrl) webhooks.setWebhookUrl(body.webhookUrl);
        if (Array.isArray(body.retryDelaysMs)) webhooks.setRetryDelays(body.retryDelaysMs.map((n) => Math.max(0, Number(n) || 0)).slice(0, 20));
      }
      return send(res, 200, JSON.stringify({ ...mode, webhookUrl: webhooks.webhookUrl, retryDelaysMs: webhooks.retryDelaysMs }));
    }
    if (path === '/__control/events' && req.method === 'GET') {
      const pi = url.searchParams.get('payment_intent');
      const list = webhooks.events().filter((e) => !pi || e.paymentIntent === pi).map(({ body: _b, ...rest }) => rest);
      return send(res, 200, JSON.stringify({ data: list, pending: webhooks.pending }));
    }
    if (path === '/__control/idle' && req.method === 'GET') {
      await webhooks.idle();
      return send(res, 200, JSON.stringify({ idle: true }));
    }
    if (invoices && path === '/__control/invoices') {
      if (req.method === 'POST') {
        const raw = await readBody(req);
        const body = (raw ? JSON.parse(raw) : {}) as Partial<InvoiceSwitches>;
        if (body.bankTransferDelayMs !== undefined) invoices.switches.bankTransferDelayMs = Math.max(0, Number(body.bankTransferDelayMs) || 0);
        if (body.failNextBankTransfer !== undefined) invoices.switches.failNextBankTransfer = body.failNextBankTransfer === true;
      }
      return send(res, 200, JSON.stringify(invoices.switches));
    }
    const overdue = /^\/__control\/invoices\/([^/]+)\/overdue$/.exec(path);
    if (invoices && overdue && req.method === 'POST') {
      // An unknown or not-open invoice throws an ApiError, which the server answers with its status.
      return send(res, 200, JSON.stringify({ event: invoices.overdue(decodeURIComponent(overdue[1]!)) }));
    }
    const m = /^\/__control\/events\/([^/]+)\/resend$/.exec(path);
    if (m && req.method === 'POST') {
      const rec = webhooks.find(m[1]!);
      if (!rec) return send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such event' } }));
      webhooks.dispatch(rec);
      return send(res, 200, JSON.stringify({ id: rec.id }));
    }
    send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown control call' } }));
  };
}

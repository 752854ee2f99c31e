// Offline stand-in for the part of Stripe's API the shop uses: PaymentIntents (create, retrieve, update, confirm,
// cancel), charges and refunds, Stripe Tax, Invoicing (customers, invoice items, invoices, credit notes), and signed
// webhook delivery. Outcomes follow Stripe's test cards (cards.ts). State
// lives in memory. Development and test infrastructure only: with real Stripe keys the app never talks to it.
// This file is the HTTP server (keys, idempotency, errors, routing); each resource is a module of its own:
//   payment-intents.ts   /v1/payment_intents…            refunds.ts    /v1/refunds…, /v1/charges/{id}
//   webhooks.ts          signed event delivery, retries   control.ts    /__control/… test switches (secret key)
//   test-page.ts         /__test/authenticate/{pi}, the 3-D Secure test page
//   account.ts           /v1/account, /v1/webhook_endpoints (read only)
//   tax-calculations.ts  /v1/tax/calculations…          tax-transactions.ts  /v1/tax/transactions…
//   tax-rates.ts         the stand-in's own rate table   tax-compute.ts       the tax arithmetic
//   customers.ts         /v1/customers…                  invoice-items.ts     /v1/invoiceitems…
//   invoices.ts          /v1/invoices…                   credit-notes.ts      /v1/credit_notes…
//   invoice-page.ts      /__test/invoice/{id} (the hosted invoice page, its PDF), /__test/credit_note/{id}/pdf
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { LOCAL_DEFAULTS } from '../../lib/core/local-defaults';
import { ApiError, docUrl, invalid, str, stripeId, withoutInternals, type Access, type ApiCall, type ApiResult, type Json, type Route } from './api';
import { accountRoute } from './account';
import { controlHandler } from './control';
import { createCreditNotes } from './credit-notes';
import { createCustomers } from './customers';
import { parseForm, type FormObject } from './form';
import { createInvoicePage, type InvoiceSwitches } from './invoice-page';
import { createInvoices } from './invoices';
import { createPaymentIntents } from './payment-intents';
import { createCharges } from './refunds';
import { createTaxCalculations } from './tax-calculations';
import { createTaxTransactions } from './tax-transactions';
import { testPageHandler } from './test-page';
import { createWebhooks, type DeliveryMode, type EventRecord } from './webhooks';
import type { StandInLog } from '../log';

export type { DeliveryAttempt, DeliveryMode, EventRecord } from './webhooks';
export type { InvoiceSwitches } from './invoice-page';

export interface StripeServerOptions {
  port: number;
  webhookUrl: string;
  webhookSecret: string;
  host?: string;
  secretKey?: string;
  publishableKey?: string;
  /** The events the one webhook endpoint lists (GET /v1/webhook_endpoints); default: every event it sends. */
  webhookEvents?: string[];
  /** Waits between webhook retries; their count bounds the retries. Stripe itself retries for three days. */
  retryDelaysMs?: number[];
  log?: StandInLog;
}

export interface StripeServerHandle {
  url: string;
  stop(): Promise<void>;
  setWebhookUrl(url: string): void;
  deliveryMode: DeliveryMode;
  /** The invoice payment switches: bank transfer delay, and failing the next transfer. */
  invoiceMode: InvoiceSwitches;
  events(): EventRecord[];
  /** Resolves when no webhook delivery is waiting or in flight. */
  idle(): Promise<void>;
}

export async function startStripeServer(opts: StripeServerOptions): Promise<StripeServerHandle> {
  const secretKey = opts.secretKey ?? LOCAL_DEFAULTS.stripeSecretKey;
  const publishableKey = opts.publishableKey ?? LOCAL_DEFAULTS.stripePublishableKey;
  const log = opts.log ?? (() => {});
  let baseUrl = '';

  const webhooks = createWebhooks({ webhookUrl: opts.webhookUrl, webhookSecret: opts.webhookSecret, retryDelaysMs: opts.retryDelaysMs, log });
  const charges = createCharges(webhooks);
  const intents = createPaymentIntents(webhooks, charges, () => baseUrl);
  const chargesRoute = charges.route(intents.chargeOfIntent);
  const taxCalculations = createTaxCalculations();
  const customers = createCustomers(webhooks);
  const invoices = createInvoices({ webhooks, customers, payments: intents.route, baseUrl: () => baseUrl });
  const creditNotes = createCreditNotes({ webhooks, customers, invoices, refunds: chargesRoute, baseUrl: () => baseUrl });
  const routes: Route[] = [
    intents.route,
    chargesRoute,
    taxCalculations.route,
    createTaxTransactions(taxCalculations).route,
    customers.route,
    invoices.route,
    creditNotes.route,
    accountRoute(() => webhooks.webhookUrl, opts.webhookEvents),
  ];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();

  function route(call: ApiCall): ApiResult {
    for (const r of routes) {
      const result = r(call);
      if (result) return result;
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${call.method}: ${call.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function authenticateRequest(req: IncomingMessage, params: FormObject, query: URLSearchParams): Access {
    const header = req.headers.authorization ?? '';
    let key: string | undefined;
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    const basic = /^Basic\s+(.+)$/i.exec(header);
    if (bearer) key = bearer[1]!.trim();
    else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
    else key = str(params.key) ?? query.get('key') ?? undefined;
    if (!key) {
      throw new ApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
    throw new ApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${masked}`,
    });
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Request-Id, Idempotent-Replayed',
      ...headers,
    });
    res.end(body);
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1_000_000) throw invalid('Request body too large.');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  const handleTest = testPageHandler(intents, send, readBody);
  const invoicePage = createInvoicePage(invoices, creditNotes, readBody);
  const handleControl = controlHandler(webhooks, secretKey, send, readBody, invoicePage);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const requestId = stripeId('req', 14);
    const method = req.method ?? 'GET';
    const apiVersion = (req.headers['stripe-version'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': apiVersion ?? Stripe.API_VERSION };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let status: number;
    let body: string;
    try {
      const raw = method === 'POST' ? await readBody(req) : '';
      const params = parseForm(raw);
      const access = authenticateRequest(req, params, url.searchParams);
      const scope = `${access}:${idempotencyKey}`;
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      const saved = method === 'POST' && idempotencyKey ? idempotency.get(scope) : undefined;
      if (saved) {
        if (saved.fingerprint !== fingerprint) {
          throw new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        log(`${method} ${url.pathname} → ${saved.status} (idempotent replay)`);
        return send(res, saved.status, saved.body, { ...headers, 'idempotent-replayed': 'true' });
      }
      const result = route({ method, path: url.pathname, params, query: url.searchParams, access, request: { id: requestId, idempotencyKey, apiVersion } });
      status = result.status;
      body = JSON.stringify(status === 200 ? withoutInternals(result.body) : { error: result.body }, null, 2);
      if (method === 'POST' && idempotencyKey) {
        idempotency.set(scope, { fingerprint, status, body });
        if (idempotency.size > 50_000) idempotency.delete(idempotency.keys().next().value!);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        status = err.status;
        const e = { ...err.body };
        if (e.payment_intent && typeof e.payment_intent === 'object') e.payment_intent = withoutInternals(e.payment_intent as Json);
        if (e.code && !e.doc_url) e.doc_url = docUrl(String(e.code));
        body = JSON.stringify({ error: e }, null, 2);
      } else {
        status = 500;
        log(`stripe stand-in error: ${err instanceof Error ? err.stack : String(err)}`, 'error');
        body = JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred in the Stripe stand-in.' } });
      }
    }
    log(`${method} ${url.pathname} → ${status}`);
    send(res, status, body, headers);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, Stripe-Version, Idempotency-Key, Stripe-Account',
        'access-control-max-age': '300',
      });
      return res.end();
    }
    const handler = url.pathname.startsWith('/__control/')
      ? handleControl
      : url.pathname.startsWith('/__test/invoice/') || url.pathname.startsWith('/__test/credit_note/')
        ? invoicePage.handle
        : url.pathname.startsWith('/__test/')
          ? handleTest
          : url.pathname === '/' || url.pathname === '/health'
            ? async () => send(res, 200, JSON.stringify({ ok: true, service: 'stripe-stand-in' }))
            : handleApi;
    handler(req, res, url).catch((err: unknown) => {
      if (err instanceof ApiError) {
        if (!res.headersSent) send(res, err.status, JSON.stringify({ error: err.body }));
        return;
      }
      log(`stripe stand-in error: ${err instanceof Error ? err.stack : String(err)}`, 'error');
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'Internal error' } }));
      else res.end();
    });
  });
  server.keepAliveTimeout = 5000;

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Stripe stand-in: port ${opts.port} is in use (is another stack running?)`)
          : err,
      ),
    );
    server.listen(opts.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  log(`stripe stand-in on ${baseUrl}, webhooks to ${webhooks.webhookUrl}`);

  const handle: StripeServerHandle = {
    url: baseUrl,
    deliveryMode: webhooks.deliveryMode,
    invoiceMode: invoicePage.switches,
    setWebhookUrl: (next: string) => webhooks.setWebhookUrl(next),
    events: () => webhooks.events(),
    idle: () => webhooks.idle(),
    async stop() {
      webhooks.stop();
      invoicePage.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return handle;
}

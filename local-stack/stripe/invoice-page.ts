// The hosted invoice page (hosted_invoice_url) and the invoice and credit note PDFs. While an invoice is open the
// page takes a test card (decided by cards.ts through a PaymentIntent, as Stripe's page does) or starts a bank
// transfer, which settles after a delay (or fails, when switched to), because bank money arrives days later and
// the shop must follow the webhooks, not the click. Plain HTML forms, no script.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseForm } from './form';
import { ApiError, invalid, str, stripeId, type Json, type RequestInfo } from './api';
import type { CreditNotes } from './credit-notes';
import type { Invoice, Invoices } from './invoices';

/** Test switches for invoice payments (POST /__control/invoices). */
export interface InvoiceSwitches {
  /** How long a bank transfer started on the hosted page takes to arrive. */
  bankTransferDelayMs: number;
  /** The next bank transfer fails when it would arrive (invoice.payment_failed), then the switch resets. */
  failNextBankTransfer: boolean;
}

interface Notice {
  kind: 'error' | 'done' | 'info';
  text: string;
}

/** A request for events no API call made (the page, a transfer arriving), as Stripe's events then carry no request. */
const automatic = (): RequestInfo => ({ id: stripeId('req', 14), idempotencyKey: null, apiVersion: null });
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (unix: unknown) => new Date(Number(unix) * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A one-page PDF of plain text lines (Helvetica, ASCII): enough for a link that must serve a real PDF. */
export function tinyPdf(lines: string[]): Buffer {
  const text = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 11 Tf', '15 TL', '56 740 Td', ...lines.map((l) => `(${text(l)}) Tj T*`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const STYLE = `body{font-family:system-ui,sans-serif;color:#1c1b19;background:#fff;margin:0;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
table{width:100%;border-collapse:collapse;margin:1rem 0}caption{text-align:left;font-weight:600;padding-bottom:.25rem}
th,td{padding:.4rem .25rem;border-bottom:1px solid #d6d3cd;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.num{text-align:right;white-space:nowrap}tfoot th{font-weight:400}tfoot tr.due th,tfoot tr.due td{font-weight:700}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}dt{color:#55524c}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{box-sizing:border-box;width:100%;font:inherit;padding:.55rem;border:1px solid #55524c;border-radius:.25rem}
.row{display:flex;gap:.75rem;flex-wrap:wrap}.row>div{flex:1 1 8rem}
button{font:inherit;margin-top:1rem;padding:.65rem 1.2rem;border-radius:.25rem;border:1px solid #1c1b19;background:#1c1b19;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#1c1b19}:focus-visible{outline:3px solid #2b59c3;outline-offset:2px}
.notice{padding:.75rem;border-radius:.25rem;border:1px solid}.error{background:#fdecea;border-color:#a4282b}.done{background:#e8f5ec;border-color:#1e6b3a}.info{background:#eef2fb;border-color:#2b59c3}
.status{font-weight:600}footer{margin-top:2rem;color:#55524c;font-size:.9rem}`;

export function createInvoicePage(invoices: Invoices, creditNotes: CreditNotes, readBody: (req: IncomingMessage) => Promise<string>) {
  const switches: InvoiceSwitches = { bankTransferDelayMs: 3000, failNextBankTransfer: false };
  const transfers = new Map<string, NodeJS.Timeout>();
  const failedTransfers = new Set<string>();

  const payable = (inv: Invoice) => (inv.status === 'open' || inv.status === 'uncollectible') && !transfers.has(inv.id);

  function startTransfer(inv: Invoice) {
    const fail = switches.failNextBankTransfer;
    switches.failNextBankTransfer = false;
    const timer = setTimeout(() => {
      transfers.delete(inv.id);
      // Paid or voided meanwhile: Stripe would hold the money as the customer's cash balance, which is not modelled.
      if (inv.status !== 'open' && inv.status !== 'uncollectible') return;
      if (fail) {
        failedTransfers.add(inv.id);
        invoices.paymentFailed(inv, automatic());
      } else {
        failedTransfers.delete(inv.id);
        invoices.markPaid(inv, 'bank_transfer', automatic());
      }
    }, Math.max(0, switches.bankTransferDelayMs));
    transfers.set(inv.id, timer);
  }

  function statusLine(o: Json): string {
    if (o.status === 'paid') return `Paid on ${day((o.status_transitions as Json).paid_at)}`;
    if (o.status === 'void') return 'This invoice has been voided.';
    if (o.status === 'uncollectible') return `Overdue: ${money(Number(o.amount_remaining), String(o.currency))} is still owed.`;
    return o.due_date ? `Due ${day(o.due_date)}` : 'Open';
  }

  function page(inv: Invoice, notice?: Notice): string {
    const o = invoices.render(inv);
    const cur = String(o.currency);
    const lines = invoices.lines(inv);
    const credited = Number(o.pre_payment_credit_notes_amount);
    const applied = Number(o.amount_due) + credited - Number(o.total);
    const fields = ((o.custom_fields as Json[] | null) ?? []).map((f) => `<dt>${esc(f.name)}</dt><dd>${esc(f.value)}</dd>`).join('');
    const row = (label: string, cents: number, cls = '') => `<tr${cls ? ` class="${cls}"` : ''}><th scope="row" colspan="2">${label}</th><td class="num">${money(cents, cur)}</td></tr>`;
    const transferNote = transfers.has(inv.id)
      ? '<p class="notice info" role="status">A bank transfer is on its way. This invoice will be marked paid when the money arrives.</p>'
      : failedTransfers.has(inv.id) && payable(inv)
        ? '<p class="notice error">The last bank transfer failed. Pay by card or start another transfer.</p>'
        : '';
    const forms = payable(inv)
      ? `<section aria-labelledby="pay-card"><h2 id="pay-card">Pay by card</h2>
<form method="post" action="/__test/invoice/${esc(inv.id)}/card">
<label for="card-number">Card number</label><input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="card-exp">Expiry date (MM/YY)</label><input id="card-exp" name="exp" autocomplete="cc-exp" placeholder="MM/YY" required></div>
<div><label for="card-cvc">Security code (CVC)</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button type="submit">Pay ${money(Number(o.amount_remaining), cur)}</button></form></section>
<section aria-labelledby="pay-bank"><h2 id="pay-bank">Pay by bank transfer</h2><p>The invoice stays open until the transfer arrives, which takes a few days.</p>
<form method="post" action="/__test/invoice/${esc(inv.id)}/bank_transfer"><button type="submit" class="secondary">Pay by bank transfer</button></form></section>`
      : '';
    const body = `<main><h1>Invoice ${esc(o.number)}</h1><p class="status">${esc(statusLine(o))}</p>
${notice ? `<p class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${esc(notice.text)}</p>` : ''}${transferNote}
<dl><dt>Billed to</dt><dd>${esc(o.customer_name ?? o.customer_email ?? o.customer)}${o.customer_name && o.customer_email ? `<br>${esc(o.customer_email)}` : ''}</dd>
<dt>Date of issue</dt><dd>${day(o.effective_at)}</dd>${o.due_date ? `<dt>Date due</dt><dd>${day(o.due_date)}</dd>` : ''}${fields}</dl>
${o.description ? `<p>${esc(o.description)}</p>` : ''}
<table><caption>Items</caption><thead><tr><th scope="col">Description</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${lines.map((l) => `<tr><td>${esc(l.description ?? 'Item')}</td><td class="num">${esc(l.quantity)}</td><td class="num">${money(Number(l.amount), cur)}</td></tr>`).join('')}</tbody>
<tfoot>${row('Total', Number(o.total))}${applied ? row('Account balance applied', applied) : ''}${credited ? row('Credit notes', -credited) : ''}${Number(o.amount_paid) ? row('Amount paid', Number(o.amount_paid)) : ''}${row('Amount due', Number(o.amount_remaining), 'due')}</tfoot></table>
${forms}<footer>${o.footer ? `<p>${esc(o.footer)}</p>` : ''}<p><a href="${esc(o.invoice_pdf)}">Download invoice (PDF)</a></p><p>Test page of the Stripe stand-in: no real payment is made.</p></footer></main>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Invoice ${esc(o.number)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
  }

  function invoicePdf(inv: Invoice): Buffer {
    const o = invoices.render(inv);
    const cur = String(o.currency);
    return tinyPdf([
      `Invoice ${o.number}`, `Status: ${o.status}`, `Billed to: ${o.customer_name ?? ''} ${o.customer_email ?? ''}`.trim(),
      `Date of issue: ${day(o.effective_at)}`, ...(o.due_date ? [`Date due: ${day(o.due_date)}`] : []),
      ...((o.custom_fields as Json[] | null) ?? []).map((f) => `${f.name}: ${f.value}`), '',
      ...invoices.lines(inv).map((l) => `${l.description ?? 'Item'}  x${l.quantity}  ${money(Number(l.amount), cur)}`), '',
      `Total: ${money(Number(o.total), cur)}`, `Amount due: ${money(Number(o.amount_remaining), cur)}`, ...(o.footer ? ['', String(o.footer)] : []),
    ]);
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  }

  function pdf(res: ServerResponse, name: string, body: Buffer) {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}.pdf"`, 'cache-control': 'no-store' });
    res.end(body);
  }

  async function payByCard(req: IncomingMessage, inv: Invoice): Promise<[number, Notice]> {
    const form = parseForm(await readBody(req));
    const number = (str(form.number) ?? '').replace(/[\s-]/g, '');
    const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(str(form.exp) ?? '');
    if (!number) return [400, { kind: 'error', text: 'Your card number is incomplete.' }];
    if (!exp) return [400, { kind: 'error', text: "Your card's expiration date is incomplete." }];
    const card = { number, exp_month: exp[1]!, exp_year: exp[2]!, cvc: str(form.cvc) ?? '' };
    try {
      const result = invoices.payByCard(inv, { payment_method_data: { type: 'card', card } }, automatic());
      if (result.status === 200) return [200, { kind: 'done', text: 'Payment received. Thank you.' }];
      if (result.body.code === 'invoice_payment_intent_requires_action') {
        return [402, { kind: 'error', text: 'This card needs 3-D Secure authentication, which this test page does not run. Use another card.' }];
      }
      return [402, { kind: 'error', text: String(result.body.message) }];
    } catch (err) {
      if (err instanceof ApiError) return [400, { kind: 'error', text: err.message }];
      throw err;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const note = /^\/__test\/credit_note\/([^/]+)\/pdf$/.exec(url.pathname);
    if (note && req.method === 'GET') {
      const cn = creditNotes.find(decodeURIComponent(note[1]!));
      if (!cn) return html(res, 404, '<h1>Unknown credit note</h1>');
      const cur = String(cn.currency);
      return pdf(res, String(cn.number), tinyPdf([`Credit note ${cn.number}`, `Invoice: ${cn.invoice}`, `Date: ${day(cn.created)}`, ...(cn.memo ? [String(cn.memo)] : []), '',
        ...cn.lines.map((l) => `${l.description ?? 'Credit'}  ${money(Number(l.amount), cur)}`), '', `Total credited: ${money(Number(cn.total), cur)}`]));
    }
    const m = /^\/__test\/invoice\/([^/]+)(?:\/(pdf|card|bank_transfer))?$/.exec(url.pathname);
    const inv = m ? invoices.find(decodeURIComponent(m[1]!)) : undefined;
    // Stripe has no hosted page or PDF before finalization.
    if (!m || !inv || inv.status === 'draft') return html(res, 404, '<!doctype html><html lang="en"><title>Not found</title><h1>No such invoice</h1></html>');
    const action = m[2];
    if (req.method === 'GET' && !action) return html(res, 200, page(inv));
    if (req.method === 'GET' && action === 'pdf') return pdf(res, String(inv.number), invoicePdf(inv));
    if (req.method !== 'POST' || !action || action === 'pdf') return html(res, 405, '<h1>Method not allowed</h1>');
    if (!payable(inv)) {
      const text = transfers.has(inv.id) ? 'A bank transfer for this invoice is already on its way.' : `This invoice is ${inv.status} and cannot be paid.`;
      return html(res, 409, page(inv, { kind: 'error', text }));
    }
    if (action === 'bank_transfer') {
      startTransfer(inv);
      return html(res, 202, page(inv, { kind: 'info', text: 'Bank transfer started.' }));
    }
    const [status, notice] = await payByCard(req, inv);
    return html(res, status, page(inv, notice));
  }

  /** Sends invoice.overdue for an open invoice now: Stripe sends it only from Dashboard automations. */
  function overdue(id: string): string {
    const inv = invoices.get(id, 'id');
    if (inv.status !== 'open') throw invalid(`Only an open invoice can be overdue; ${inv.id} is ${inv.status}.`);
    return invoices.emit('invoice.overdue', inv, automatic());
  }

  return {
    handle,
    switches,
    overdue,
    stop() {
      for (const t of transfers.values()) clearTimeout(t);
      transfers.clear();
    },
  };
}

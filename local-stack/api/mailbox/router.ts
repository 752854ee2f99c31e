// /mailbox (HTML page), /mailbox/api/messages (JSON for tests), /mailbox/api/messages/{id}/attachments/{n} (an
// attachment's bytes) and /mailbox/api/smtp (the local SMTP server's state; tests make it refuse or go down). No
// API key: it is a local developer tool.
import type { SmtpControl } from '../../smtp/server';
import type { Pool } from '../db';
import { readBody, sendEmpty, sendJson, type RequestContext } from '../http';
import { renderMailboxPage } from './page';
import { clearMail, getAttachment, getMail, listMail } from './store';

// The page runs no script, and neither may a mail shown in it (its HTML sits in a sandboxed iframe as well).
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "script-src 'none'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

/** A file name for Content-Disposition: plain characters quoted, the rest in RFC 5987's filename*. */
function disposition(kind: 'inline' | 'attachment', filename: string | null): string {
  if (!filename) return kind;
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function handleSmtpControl(ctx: RequestContext, smtp: SmtpControl | undefined): Promise<void> {
  if (!smtp) return sendJson(ctx.res, 404, { message: 'No local SMTP server runs with this mailbox' });
  if (ctx.method === 'GET') return sendJson(ctx.res, 200, smtp.state());
  if (ctx.method !== 'POST') return sendJson(ctx.res, 405, { message: 'Method Not Allowed' });
  let body: { refuseNext?: unknown; up?: unknown };
  try {
    body = JSON.parse((await readBody(ctx.req, 4096)).toString('utf8') || '{}') as typeof body;
  } catch {
    return sendJson(ctx.res, 400, { message: 'Send JSON: { "refuseNext": n } or { "up": true | false }' });
  }
  if (body.refuseNext !== undefined) {
    if (typeof body.refuseNext !== 'number' || !Number.isInteger(body.refuseNext) || body.refuseNext < 0) {
      return sendJson(ctx.res, 400, { message: 'refuseNext must be a whole number, 0 or more' });
    }
    smtp.refuseNext(body.refuseNext);
  }
  if (body.up === true) await smtp.start();
  else if (body.up === false) await smtp.stop();
  else if (body.up !== undefined) return sendJson(ctx.res, 400, { message: 'up must be true or false' });
  return sendJson(ctx.res, 200, smtp.state());
}

export async function handleMailbox(ctx: RequestContext, pool: Pool, smtp?: SmtpControl): Promise<void> {
  const { method, path } = ctx;
  const to = ctx.url.searchParams.get('to');
  const limit = Number(ctx.url.searchParams.get('limit')) || undefined;
  if ((path === '' || path === '/') && method === 'GET') {
    const payload = Buffer.from(renderMailboxPage(await listMail(pool, { to, limit }), to));
    ctx.res.writeHead(200, { ...PAGE_HEADERS, 'Content-Length': String(payload.length) });
    ctx.res.end(payload);
    return;
  }
  if (path === '/api/messages') {
    if (method === 'GET') return sendJson(ctx.res, 200, await listMail(pool, { to, limit }));
    if (method === 'DELETE') {
      await clearMail(pool, to);
      return sendEmpty(ctx.res, 204);
    }
    return sendJson(ctx.res, 405, { message: 'Method Not Allowed' });
  }
  if (path === '/api/smtp') return handleSmtpControl(ctx, smtp);
  const one = /^\/api\/messages\/(\d{1,15})$/.exec(path);
  if (one && method === 'GET') {
    const mail = await getMail(pool, Number(one[1]));
    return mail ? sendJson(ctx.res, 200, mail) : sendJson(ctx.res, 404, { message: 'Message not found' });
  }
  const file = /^\/api\/messages\/(\d{1,15})\/attachments\/(\d{1,4})$/.exec(path);
  if (file && method === 'GET') {
    const attachment = await getAttachment(pool, Number(file[1]), Number(file[2]));
    if (!attachment) return sendJson(ctx.res, 404, { message: 'Attachment not found' });
    // A PDF opens in the browser; anything else downloads, and could not run script on this origin if opened.
    const pdf = attachment.contentType === 'application/pdf';
    ctx.res.writeHead(200, {
      'Content-Type': attachment.contentType,
      'Content-Length': String(attachment.content.length),
      'Content-Disposition': disposition(pdf ? 'inline' : 'attachment', attachment.filename),
      'X-Content-Type-Options': 'nosniff',
      ...(pdf ? {} : { 'Content-Security-Policy': 'sandbox' }),
    });
    ctx.res.end(attachment.content);
    return;
  }
  sendJson(ctx.res, 404, { message: 'Not Found' });
}

// /mailbox (HTML page) and /mailbox/api/messages (JSON for tests). No API key: it is a local developer tool.
import type { Pool } from '../db';
import { sendEmpty, sendHtml, sendJson, type RequestContext } from '../http';
import { renderMailboxPage } from './page';
import { clearMail, getMail, listMail } from './store';

export async function handleMailbox(ctx: RequestContext, pool: Pool): Promise<void> {
  const { method, path } = ctx;
  const to = ctx.url.searchParams.get('to');
  const limit = Number(ctx.url.searchParams.get('limit')) || undefined;
  if ((path === '' || path === '/') && method === 'GET') {
    sendHtml(ctx.res, 200, renderMailboxPage(await listMail(pool, { to, limit }), to));
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
  const one = /^\/api\/messages\/(\d+)$/.exec(path);
  if (one && method === 'GET') {
    const mail = await getMail(pool, Number(one[1]));
    return mail ? sendJson(ctx.res, 200, mail) : sendJson(ctx.res, 404, { message: 'Message not found' });
  }
  sendJson(ctx.res, 404, { message: 'Not Found' });
}

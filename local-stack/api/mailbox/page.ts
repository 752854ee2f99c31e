// The mailbox page: every delivered mail, newest first — the Auth stand-in's (with clickable links and the one-time
// code) and the shop's own, received over SMTP (sender, HTML in a sandboxed frame that runs no script, plain text,
// attachments to open or download).
import { escapeHtml } from '../http';
import type { Mail } from './store';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The mail's HTML as the frame's document; links open in a new tab instead of inside the frame. */
function frame(mail: Mail): string {
  const doc = `<base target="_blank">${mail.html}`;
  return `<iframe class="html" title="${escapeHtml(mail.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(doc)}"></iframe>`;
}

function article(m: Mail): string {
  const links = m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
  const files = m.attachments
    .map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.filename ?? `attachment ${a.index + 1}`)}</a> <span class="meta">${escapeHtml(a.contentType)}, ${kb(a.size)}</span></li>`)
    .join('');
  const from = m.from ? `From ${escapeHtml(m.from)} · ` : m.source === 'auth' ? 'From Auth · ' : '';
  const smtp = m.source === 'smtp';
  return `<article class="mail" id="mail-${m.id}">
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">${from}To <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(new Date(m.created_at).toLocaleString('en-US'))}</time>${m.messageId ? ` · <span class="id">${escapeHtml(m.messageId)}</span>` : ''}</p></header>
  ${m.code ? `<p class="code">Code: <strong>${escapeHtml(m.code)}</strong></p>` : ''}
  ${files ? `<ul class="files">${files}</ul>` : ''}
  ${smtp && m.html ? frame(m) : ''}
  ${!smtp && links ? `<ul class="links">${links}</ul>` : ''}
  <details${smtp && !m.html ? ' open' : ''}><summary>${smtp ? 'Plain text' : 'Message'}</summary><pre>${escapeHtml(m.text)}</pre></details>
  ${smtp && links ? `<details><summary>Links</summary><ul class="links">${links}</ul></details>` : ''}
</article>`;
}

export function renderMailboxPage(mails: Mail[], filter: string | null): string {
  const items = mails.map(article).join('\n');
  const heading = filter ? `Mail to ${escapeHtml(filter)}` : 'All mail';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1.5rem; color: #1c1917; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  .mail { border: 1px solid #d6d3d1; border-radius: .5rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  .mail h2 { font-size: 1.1rem; margin: 0; }
  .meta { color: #57534e; margin: .25rem 0 .5rem; }
  .id { font: .8rem ui-monospace, monospace; word-break: break-all; }
  .code strong { font: 600 1.25rem/1 ui-monospace, monospace; letter-spacing: .15em; }
  .links a { word-break: break-all; }
  .files { padding-left: 1.25rem; }
  .html { display: block; width: 100%; height: 36rem; border: 1px solid #e7e5e4; border-radius: .25rem; background: #fff; resize: vertical; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fafaf9; padding: .75rem; border-radius: .25rem; }
  nav a { margin-right: 1rem; }
</style>
</head>
<body>
<h1>Local mailbox</h1>
<nav><a href="/mailbox">All mail</a><a href="/mailbox/api/messages${filter ? `?to=${encodeURIComponent(filter)}` : ''}">JSON</a></nav>
<p>${heading}: ${mails.length} message${mails.length === 1 ? '' : 's'}, newest first.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

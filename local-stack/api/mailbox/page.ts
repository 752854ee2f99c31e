// The mailbox page: every delivered mail, newest first, with clickable links and the one-time code.
import { escapeHtml } from '../http';
import type { Mail } from './store';

export function renderMailboxPage(mails: Mail[], filter: string | null): string {
  const items = mails
    .map((m) => {
      const links = m.links
        .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
        .join('');
      return `<article class="mail" id="mail-${m.id}">
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(new Date(m.created_at).toLocaleString('en-US'))}</time></p></header>
  ${m.code ? `<p class="code">Code: <strong>${escapeHtml(m.code)}</strong></p>` : ''}
  ${links ? `<ul class="links">${links}</ul>` : ''}
  <details><summary>Message</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`;
    })
    .join('\n');
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
  .code strong { font: 600 1.25rem/1 ui-monospace, monospace; letter-spacing: .15em; }
  .links a { word-break: break-all; }
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

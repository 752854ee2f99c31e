// Content pages' safe Markdown subset, line by line as SPEC.md splits a page into paragraphs: '#', '##' and '###'
// headings, '- ' or '* ' bullets, '1. ' numbered items, **bold**, *italics* or _italics_, and [links](…) to the
// shop's own paths or to https sites. Anything else is text: this makes data, never HTML, and React escapes it, so
// no script, style or raw HTML reaches a page. A line ending in '?' stays a question (an FAQ's heading). Pure.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'em'; text: string }
  | { type: 'link'; text: string; href: string; external: boolean };

export type MarkdownBlock =
  | { kind: 'heading'; level: 2 | 3; inlines: Inline[] }
  | { kind: 'question'; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

/** A link target the shop follows: its own path ('/care-guide', not '//elsewhere') or an https address. */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const href = raw.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(href)) return { href, external: false };
  try {
    const url = new URL(href);
    if (url.protocol === 'https:' && !url.username && !url.password) return { href: url.toString(), external: true };
  } catch {
    // Not an address: shown as text.
  }
  return null;
}

// Bold, italics (not inside a word, as in snake_case) and links, in the order they start.
const INLINE = /\*\*([^*]+)\*\*|(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])|(?<!\w)_([^_\s][^_]*)_(?!\w)|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** One line's text with its bold, italics and links; anything unsafe or unmatched stays as typed. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const prev = out.at(-1);
    if (prev?.type === 'text') prev.text += text;
    else out.push({ type: 'text', text });
  };
  for (const m of line.matchAll(INLINE)) {
    push(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) out.push({ type: 'strong', text: m[1] });
    else if (m[2] !== undefined) out.push({ type: 'em', text: m[2] });
    else if (m[3] !== undefined) out.push({ type: 'em', text: m[3] });
    else {
      const target = safeHref(m[5]!);
      if (target) out.push({ type: 'link', text: m[4]!, ...target });
      else push(m[0]);
    }
  }
  push(line.slice(last));
  return out;
}

const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.+)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.+)$/;

export function parseMarkdown(content: string | null | undefined): MarkdownBlock[] {
  if (!content) return [];
  const blocks: MarkdownBlock[] = [];
  for (const raw of content.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length === 3 ? 3 : 2, inlines: parseInline(heading[2]!) });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const item = parseInline((bullet ?? numbered)![1]!);
      const prev = blocks.at(-1);
      if (prev?.kind === 'list' && prev.ordered === ordered) prev.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else {
      blocks.push({ kind: line.endsWith('?') ? 'question' : 'paragraph', inlines: parseInline(line) });
    }
  }
  return blocks;
}

/** The page's words without their marks (meta descriptions, search snippets). */
export function markdownText(content: string | null | undefined): string {
  const words = (inlines: Inline[]) => inlines.map((i) => i.text).join('');
  return parseMarkdown(content)
    .map((b) => (b.kind === 'list' ? b.items.map(words).join(' ') : words(b.inlines)))
    .join(' ');
}

import { lastUpdatedLabel } from '@/lib/content/format';
import { parseMarkdown, type Inline } from '@/lib/content/markdown';
import Link from '@/components/shop/shop-link';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((i, n) =>
    i.type === 'strong' ? (
      <strong key={n} className="font-semibold text-ink">
        {i.text}
      </strong>
    ) : i.type === 'em' ? (
      <em key={n}>{i.text}</em>
    ) : i.type === 'link' ? (
      i.external ? (
        <a key={n} href={i.href} rel="noopener noreferrer nofollow" className="text-gold-dark underline underline-offset-2">
          {i.text}
        </a>
      ) : (
        <Link key={n} href={i.href} className="text-gold-dark underline underline-offset-2">
          {i.text}
        </Link>
      )
    ) : (
      i.text
    ),
  );
}

/**
 * A page's text in the safe Markdown subset (lib/content/markdown.ts), drawn as React elements: never HTML. Shared
 * by the shop's page and the back office's preview.
 */
export function ContentBody({ content }: { content: string }) {
  return (
    <div className="space-y-5 text-[1.05rem] leading-8 text-ink-soft">
      {parseMarkdown(content).map((block, i) => {
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag key={i} className={`space-y-1 pl-6 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
              {block.items.map((item, j) => (
                <li key={j}>
                  <Inlines inlines={item} />
                </li>
              ))}
            </Tag>
          );
        }
        if (block.kind === 'paragraph') {
          return (
            <p key={i}>
              <Inlines inlines={block.inlines} />
            </p>
          );
        }
        const Heading = block.kind === 'heading' && block.level === 3 ? 'h3' : 'h2';
        return (
          <Heading key={i} className={`pt-5 font-serif font-medium leading-snug text-ink first:pt-0 ${Heading === 'h3' ? 'text-xl' : 'text-2xl'}`}>
            <Inlines inlines={block.inlines} />
          </Heading>
        );
      })}
    </div>
  );
}

/**
 * A content page: title, one paragraph per line (the safe Markdown subset; lines that ask a question as headings),
 * and the last-updated date.
 */
export function ContentArticle({ title, content, lastUpdated }: { title: string; content: string; lastUpdated?: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pb-8 pt-12 sm:px-6 sm:pt-16">
      <header className="border-b border-stone-line pb-8">
        <h1 className="font-serif text-4xl font-medium tracking-tight text-ink sm:text-5xl">{title}</h1>
        {lastUpdated && <p className="mt-4 text-xs uppercase tracking-[0.18em] text-stone-muted">{lastUpdatedLabel(lastUpdated)}</p>}
      </header>
      <div className="mt-8">
        <ContentBody content={content} />
      </div>
    </article>
  );
}

export function ContentSkeleton() {
  return (
    <div className="mx-auto max-w-3xl animate-pulse px-4 pb-8 pt-12 sm:px-6 sm:pt-16" aria-busy="true">
      <span role="status" className="sr-only">
        Loading...
      </span>
      <div className="border-b border-stone-line pb-8">
        <div className="h-12 w-2/3 rounded bg-ivory-deep" />
        <div className="mt-5 h-3 w-48 rounded bg-ivory-deep" />
      </div>
      <div className="mt-8 space-y-4">
        {[100, 96, 88, 100, 72, 94, 60].map((w, i) => (
          <div key={i} className="h-4 rounded bg-ivory-deep" style={{ width: `${w}%` }} />
        ))}
      </div>
    </div>
  );
}

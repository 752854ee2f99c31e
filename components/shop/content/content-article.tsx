import { contentBlocks, lastUpdatedLabel } from '@/lib/content/format';

/**
 * A content page: title, one paragraph per line (plain text, never HTML), lines that ask a question as headings, and
 * the last-updated date.
 */
export function ContentArticle({ title, content, lastUpdated }: { title: string; content: string; lastUpdated?: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pb-8 pt-12 sm:px-6 sm:pt-16">
      <header className="border-b border-stone-line pb-8">
        <h1 className="font-serif text-4xl font-medium tracking-tight text-ink sm:text-5xl">{title}</h1>
        {lastUpdated && <p className="mt-4 text-xs uppercase tracking-[0.18em] text-stone-muted">{lastUpdatedLabel(lastUpdated)}</p>}
      </header>
      <div className="mt-8 space-y-5 text-[1.05rem] leading-8 text-ink-soft">
        {contentBlocks(content).map((block, i) =>
          block.kind === 'question' ? (
            <h2 key={i} className="pt-5 font-serif text-2xl font-medium leading-snug text-ink first:pt-0">
              {block.text}
            </h2>
          ) : (
            <p key={i}>{block.text}</p>
          ),
        )}
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

'use client';
// 'Content Pages': title, slug and last update of each page; Edit opens the title and a 10-row content box in place.
// Saving updates last_updated and the storefront page at once.
import { ExternalLink, Pencil } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ContentBody } from '@/components/shop/content/content-article';
import { toast } from '@/components/ui/toaster';
import { updateContentPage } from '@/lib/admin/content/actions';
import { AdminField } from '../field';
import { PAGE_CONTENT_MAX, PAGE_CONTENT_ROWS, PAGE_TITLE_MAX, pageUpdateFailure } from '@/lib/admin/content/rules';

export interface ContentPageRow {
  id: string;
  slug: string;
  title: string;
  content: string;
  /** Formatted in the shop's time zone. */
  updatedLabel: string;
}

export function ContentPages({ pages }: { pages: ContentPageRow[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (pages.length === 0) return <div className="adm-panel adm-empty">No content pages yet</div>;
  return (
    <ul className="space-y-2">
      {pages.map((page) => (
        <li key={page.id} className="adm-panel p-0">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0 flex-1">
              <h2 className="truncate text-sm font-semibold">{page.title}</h2>
              <p className="text-xs text-stone-muted">
                /{page.slug} · Last updated {page.updatedLabel}
              </p>
            </div>
            <Link href={`/${page.slug}`} target="_blank" className="adm-btn h-8 px-2">
              <ExternalLink aria-hidden className="size-4" /> View<span className="sr-only"> {page.title} (opens a new tab)</span>
            </Link>
            {editing !== page.id && (
              <button type="button" className="adm-btn h-8 px-2" onClick={() => setEditing(page.id)} aria-label={`Edit ${page.title}`}>
                <Pencil aria-hidden className="size-4" /> Edit
              </button>
            )}
          </div>
          {editing === page.id && <PageEditor page={page} done={() => setEditing(null)} />}
        </li>
      ))}
    </ul>
  );
}

function PageEditor({ page, done }: { page: ContentPageRow; done(): void }) {
  const router = useRouter();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(page.title);
  const [content, setContent] = useState(page.content);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);

  useEffect(() => titleRef.current?.focus(), []);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const result = await updateContentPage({ pageId: page.id, title, content });
      if (result.ok) {
        toast.success(result.message ?? 'Page updated successfully');
        done();
        router.refresh();
      } else {
        setErrors(result.fieldErrors ?? {});
        toast.error(pageUpdateFailure(result.error));
      }
    } catch (err) {
      toast.error(pageUpdateFailure(err instanceof Error ? err.message : 'the request did not reach the server'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-3 border-t border-neutral-200 bg-neutral-50 px-4 py-3" aria-label={`Edit ${page.title}`}>
      <AdminField label="Title" error={errors.title}>
        {(control) => (
          <input
            {...control}
            ref={titleRef}
            className="adm-input"
            value={title}
            maxLength={PAGE_TITLE_MAX}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </AdminField>
      <AdminField
        label="Content"
        error={errors.content}
        hint="Each line is a paragraph on the page. ## Heading, - list item, **bold**, *italics*, [link text](/path or https://…)."
      >
        {(control) => (
          <textarea
            {...control}
            className="adm-textarea"
            rows={PAGE_CONTENT_ROWS}
            value={content}
            maxLength={PAGE_CONTENT_MAX}
            onChange={(e) => setContent(e.target.value)}
          />
        )}
      </AdminField>
      {preview && (
        <section aria-label="Preview" className="rounded-md border border-neutral-200 bg-ivory p-4" data-testid="page-preview">
          <ContentBody content={content} />
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="adm-btn" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? 'Hide preview' : 'Preview'}
        </button>
        <button type="submit" className="adm-btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="adm-btn" onClick={done} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

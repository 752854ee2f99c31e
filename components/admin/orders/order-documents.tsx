import { FileText, PackageCheck } from 'lucide-react';
import { PACKING_LABELS, packingSlipPath } from '@/lib/admin/orders/packing-labels';
import { formatCents } from '@/lib/core/format/money';
import { DOCUMENT_TITLES } from '@/lib/documents/labels';
import type { DocumentRef } from '@/lib/documents/paths';

/** The expanded row's documents: the packing slip, the invoice and each credit note, opened as PDFs in a new tab. */
export function OrderDocuments({ documents, orderId }: { documents: DocumentRef[]; orderId: string }) {
  return (
    <section>
      <h3 className="adm-label">Documents</h3>
      <a
        href={packingSlipPath(orderId)}
        target="_blank"
        rel="noopener"
        className="mb-1.5 inline-flex items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline"
        data-testid="packing-slip-link"
      >
        <PackageCheck aria-hidden className="size-4 shrink-0 text-stone-muted" />
        {PACKING_LABELS.link}
        <span className="sr-only"> (opens a new tab)</span>
      </a>
      {documents.length === 0 ? (
        <p className="adm-muted">No invoice issued</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {documents.map((d) => (
            <li key={d.number} className="flex items-center justify-between gap-2 rounded-md border border-neutral-200 bg-white p-2">
              <a href={d.href} target="_blank" rel="noopener" className="inline-flex min-w-0 items-center gap-1.5 font-medium underline-offset-4 hover:underline">
                <FileText aria-hidden className="size-4 shrink-0 text-stone-muted" />
                <span className="truncate">
                  {DOCUMENT_TITLES[d.kind]} {d.number}
                </span>
                <span className="sr-only"> (PDF, opens a new tab)</span>
              </a>
              <span className="tabular shrink-0 text-xs text-stone-muted">
                {d.kind === 'credit_note' ? '−' : ''}
                {formatCents(d.amountCents)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

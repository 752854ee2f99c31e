'use client';
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { declineQuoteAction, sendQuoteAction } from '@/lib/admin/quotes/actions';
import { formatCents } from '@/lib/core/format/money';
import { quoteAnswerSchema, quoteDeclineSchema } from '@/lib/quotes/schema';
import type { Quote } from '@/lib/quotes/types';

interface QuoteAnswerFormProps {
  quote: Quote;
  /** Today's price per line after breaks (cents), to start from. */
  suggested: Record<number, number | null>;
  today: string;
  /** Why the quote can no longer be answered, or null. */
  closedReason: string | null;
  /** Why it cannot be sent just now (unsaved line changes), or null. */
  sendBlocked?: string | null;
}

const dollars = (cents: number | null | undefined) => (cents ? (cents / 100).toFixed(2) : '');

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Per-line prices (prefilled with today's price after breaks), the last valid day and a message; or a decline. */
export function QuoteAnswerForm({ quote, suggested, today, closedReason, sendBlocked = null }: QuoteAnswerFormProps) {
  const router = useRouter();
  const { form, errors, pending, submit } = useActionForm();
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(quote.lines.map((l) => [l.position, dollars(l.unitPriceCents ?? suggested[l.position])])),
  );
  // Changed lines bring new suggestions: a price still as suggested follows them, a typed one stays.
  const [seen, setSeen] = useState(suggested);
  if (seen !== suggested) {
    setSeen(suggested);
    setPrices((typed) =>
      Object.fromEntries(
        quote.lines.map((l) => {
          const before = typed[l.position];
          const untouched = before === undefined || before === dollars(seen[l.position]);
          return [l.position, untouched ? dollars(l.unitPriceCents ?? suggested[l.position]) : before];
        }),
      ),
    );
  }
  const [validUntil, setValidUntil] = useState(quote.validUntil ?? addDays(today, 14));
  const [message, setMessage] = useState(quote.shopMessage ?? '');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const closed = closedReason !== null;

  const total = quote.lines.reduce((sum, l) => {
    const cents = Math.round(Number((prices[l.position] ?? '').replace(/[$,\s]/g, '')) * 100);
    return Number.isFinite(cents) && cents > 0 ? sum + cents * l.quantity : sum;
  }, 0);

  const send = async () => {
    if (sendBlocked) return;
    const input = {
      quoteId: quote.id,
      prices: quote.lines.map((l) => ({ position: l.position, price: prices[l.position] ?? '' })),
      validUntil,
      message: message || undefined,
    };
    const result = await submit(input, quoteAnswerSchema, sendQuoteAction);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? 'Quote sent');
      router.refresh();
    } else toast.error('Failed to send the quote', { description: result.error });
  };

  const decline = async () => {
    const result = await submit({ quoteId: quote.id, reason }, quoteDeclineSchema, declineQuoteAction);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? 'Quote declined');
      setDeclining(false);
      router.refresh();
    } else toast.error('Failed to decline the quote', { description: result.error });
  };

  return (
    <form ref={form} className="adm-panel space-y-4" onSubmit={(e) => (e.preventDefault(), void send())} aria-labelledby="quote-lines">
      <h2 id="quote-lines" className="adm-h2">
        Lines and prices
      </h2>
      {closedReason && (
        <p className="text-sm adm-muted" role="status">
          {closedReason}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="text-right">Qty</th>
              <th scope="col" className="text-right">Today’s price</th>
              <th scope="col">Unit price ($)</th>
              <th scope="col" className="text-right">Line total</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l, i) => {
              const cents = Math.round(Number((prices[l.position] ?? '').replace(/[$,\s]/g, '')) * 100);
              const error = errors[`prices.${i}.price`];
              return (
                <tr key={l.position}>
                  <td>
                    <span className="block font-medium">{l.name}</span>
                    <span className="block text-xs adm-muted">
                      {l.sku ?? 'N/A'}
                      {l.specificationsText ? ` · ${l.specificationsText}` : ''}
                    </span>
                  </td>
                  <td className="tabular text-right">{l.quantity}</td>
                  <td className="tabular text-right">{suggested[l.position] ? formatCents(suggested[l.position]!) : 'No price'}</td>
                  <td>
                    <input
                      className="adm-input w-28 tabular"
                      inputMode="decimal"
                      aria-label={`Unit price of ${l.name}, line ${l.position}`}
                      aria-invalid={error ? true : undefined}
                      value={prices[l.position] ?? ''}
                      disabled={closed}
                      onChange={(e) => setPrices((p) => ({ ...p, [l.position]: e.target.value }))}
                    />
                    {error && <p className="adm-error">{error}</p>}
                  </td>
                  <td className="tabular text-right">{Number.isFinite(cents) && cents > 0 ? formatCents(cents * l.quantity) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4} className="text-right">
                Total
              </th>
              <td className="tabular text-right font-semibold" data-testid="admin-quote-total">
                {formatCents(total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor="quote-valid-until" className="adm-label">
            Valid until
          </label>
          <input
            id="quote-valid-until"
            type="date"
            className="adm-input"
            min={today}
            value={validUntil}
            disabled={closed}
            onChange={(e) => setValidUntil(e.target.value)}
            aria-invalid={errors.validUntil ? true : undefined}
          />
          {errors.validUntil && <p className="adm-error">{errors.validUntil}</p>}
        </div>
        <div>
          <label htmlFor="quote-message" className="adm-label">
            Message to the buyer (optional)
          </label>
          <textarea id="quote-message" className="adm-textarea" rows={3} maxLength={2000} value={message} disabled={closed} onChange={(e) => setMessage(e.target.value)} />
        </div>
      </div>
      {!closed && (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="adm-btn adm-btn-primary" disabled={pending || sendBlocked !== null} aria-describedby={sendBlocked ? 'quote-send-blocked' : undefined}>
            {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {quote.status === 'quoted' || quote.status === 'expired' ? 'Send revised quote' : 'Send quote'}
          </button>
          <button type="button" className="adm-btn adm-btn-danger" onClick={() => setDeclining((d) => !d)} aria-expanded={declining}>
            Decline
          </button>
          {sendBlocked && (
            <p id="quote-send-blocked" className="basis-full text-sm adm-muted">
              {sendBlocked}
            </p>
          )}
        </div>
      )}
      {declining && !closed && (
        <div className="space-y-2 rounded-md border border-red-200 p-3">
          <label htmlFor="quote-decline-reason" className="adm-label">
            Reason, sent to the buyer
          </label>
          <textarea
            id="quote-decline-reason"
            className="adm-textarea"
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason ? true : undefined}
          />
          {errors.reason && <p className="adm-error">{errors.reason}</p>}
          <button type="button" className="adm-btn adm-btn-danger" disabled={pending} onClick={() => void decline()}>
            Decline quote
          </button>
        </div>
      )}
    </form>
  );
}

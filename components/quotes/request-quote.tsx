'use client';
import { Loader2, MessageSquareText } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useSignedIn } from '@/components/shop/header/use-signed-in';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, inputClass, TextField } from '@/components/ui/field';
import { contactErrors, QUOTE_REQUEST_PATH } from '@/lib/quotes/contact';

export interface QuoteLineInput {
  productId: string;
  quantity: number;
  specifications: { stoneType: 'stone1' | 'stone2' | null; size: string | null; style: 'necklace' | 'bracelet' | null };
}

interface RequestQuoteProps {
  lines: QuoteLineInput[];
  /** The button's words and look. */
  label?: string;
  className?: string;
}

/**
 * 'Request a quote': a signed-in buyer sends the lines with one click and an optional message; a guest gives a
 * name, an e-mail address and a phone number. The answer's page (with its signed link) opens next.
 */
export function RequestQuote({ lines, label = 'Request a quote', className = '' }: RequestQuoteProps) {
  const router = useRouter();
  const signedIn = useSignedIn();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState({ name: '', email: '', phone: '' });
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async () => {
    setFailure(null);
    if (!signedIn) {
      const found = contactErrors(contact);
      if (Object.keys(found).length > 0) return setErrors(found);
    }
    setErrors({});
    setPending(true);
    try {
      const res = await fetch(QUOTE_REQUEST_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines, message: message.trim() || undefined, contact: signedIn ? undefined : contact }),
      });
      const body = (await res.json().catch(() => ({}))) as { path?: string; error?: string };
      if (!res.ok || !body.path) throw new Error(body.error || 'Could not send your quote request. Please try again.');
      router.push(body.path);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Could not send your quote request. Please try again.');
      setPending(false);
    }
  };

  const field = (key: keyof typeof contact, fieldLabel: string, type = 'text', autoComplete?: string) => (
    <TextField
      id={`${id}-${key}`}
      label={fieldLabel}
      type={type}
      autoComplete={autoComplete}
      value={contact[key]}
      error={errors[key]}
      onChange={(e) => setContact((c) => ({ ...c, [key]: e.target.value }))}
    />
  );

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={lines.length === 0}
        className={className || 'inline-flex h-11 items-center justify-center gap-2 rounded-md border border-ink px-5 text-sm font-medium hover:bg-ivory-deep disabled:opacity-50'}
      >
        <MessageSquareText aria-hidden className="size-4" />
        {label}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Request a quote" description="Tell us what you need and we will e-mail you our prices.">
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <p className="text-sm text-ink-soft">
            {lines.length === 1 ? 'One item' : `${lines.length} items`}, {lines.reduce((s, l) => s + l.quantity, 0)} pieces in all.
          </p>
          {!signedIn && (
            <>
              {field('name', 'Name', 'text', 'name')}
              {field('email', 'Email address', 'email', 'email')}
              {field('phone', 'Phone number', 'tel', 'tel')}
            </>
          )}
          <FieldShell id={`${id}-message`} label="Message (optional)">
            <textarea
              id={`${id}-message`}
              rows={3}
              maxLength={2000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Quantities, dates, anything we should know"
              className={`${inputClass} h-auto border-stone-line py-2`}
            />
          </FieldShell>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <button type="submit" disabled={pending} className="btn-primary h-12 gap-2">
            {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
            Send request
          </button>
        </form>
      </Dialog>
    </>
  );
}

'use client';
// The trade account application: business, EIN, contact, address and the resale certificate (dropped or chosen;
// checked here by its first bytes and size, and again on the server). The same schema checks the fields before
// anything is sent; the server's own messages land beside the fields they are about.
import { FileText, Upload, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { AddressFields } from '@/components/ui/address-fields';
import { focusFirstInvalid, SelectField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import type { PostalField } from '@/lib/checkout/address';
import { fieldErrors } from '@/lib/core/errors';
import { BUSINESS_TYPE_LABELS, TRADE_ERRORS, TRADE_FIELDS, TRADE_TOASTS } from '@/lib/trade/labels';
import { CERTIFICATE_ACCEPT, CERTIFICATE_MAX_BYTES, sniffCertificate } from '@/lib/trade/rules';
import { BUSINESS_TYPES, type TradeApplicationValues } from '@/lib/trade/types';
import { sendApplication } from './send-application';

interface TradeApplicationFormProps {
  initial: TradeApplicationValues;
  /** The certificate on file (an application sent again may keep it). */
  certificateOnFile: string | null;
  onDone?: () => void;
}

function rejection(r: FileRejection): string {
  const code = r.errors[0]?.code;
  return code === 'file-too-large' ? TRADE_ERRORS.certificateTooLarge : TRADE_ERRORS.certificateType;
}

export function TradeApplicationForm({ initial, certificateOnFile, onDone }: TradeApplicationFormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const pending = progress !== null;
  const set = (field: keyof TradeApplicationValues, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const fail = (next: Record<string, string>) => {
    setErrors(next);
    focusFirstInvalid(form.current);
  };

  async function choose(files: File[], rejected: FileRejection[]) {
    const chosen = files[0];
    if (!chosen) {
      if (rejected[0]) setErrors((e) => ({ ...e, certificate: rejection(rejected[0]!) }));
      return;
    }
    // The bytes decide, not the name: a renamed file is refused before it is sent.
    const head = new Uint8Array(await chosen.slice(0, 16).arrayBuffer());
    const error =
      chosen.size === 0
        ? TRADE_ERRORS.certificateEmpty
        : chosen.size > CERTIFICATE_MAX_BYTES
          ? TRADE_ERRORS.certificateTooLarge
          : sniffCertificate(head)
            ? null
            : TRADE_ERRORS.certificateType;
    setErrors(({ certificate: _, ...rest }) => (error ? { ...rest, certificate: error } : rest));
    setFile(error ? null : chosen);
  }

  const dropzone = useDropzone({
    accept: CERTIFICATE_ACCEPT,
    maxSize: CERTIFICATE_MAX_BYTES,
    multiple: false,
    disabled: pending,
    onDrop: (files, rejected) => void choose(files, rejected),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { applicationSchema } = await import('@/lib/trade/schema');
    const checked = applicationSchema.safeParse(values);
    const found = checked.success ? {} : fieldErrors(checked.error);
    if (!file && !certificateOnFile) found.certificate = TRADE_ERRORS.certificateRequired;
    if (Object.keys(found).length > 0) return fail(found);
    setErrors({});
    setProgress(0);
    const result = await sendApplication(values, file, setProgress);
    setProgress(null);
    if (result.ok) {
      toast.success(result.message || (certificateOnFile ? TRADE_TOASTS.resubmitted : TRADE_TOASTS.submitted));
      setFile(null);
      onDone?.();
      router.refresh();
      return;
    }
    fail(result.fieldErrors);
    toast.error(result.error, { duration: 5000 });
  }

  const f = TRADE_FIELDS;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={f.submit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="trade-business-name"
        label={f.businessName}
        autoComplete="organization"
        value={values.businessName}
        error={errors.businessName}
        disabled={pending}
        onChange={(e) => set('businessName', e.target.value)}
        fieldClassName="sm:col-span-2"
      />
      <SelectField
        id="trade-business-type"
        label={f.businessType}
        value={values.businessType}
        error={errors.businessType}
        disabled={pending}
        onChange={(e) => set('businessType', e.target.value)}
      >
        <option value="">{f.businessTypePlaceholder}</option>
        {BUSINESS_TYPES.map((t) => (
          <option key={t} value={t}>
            {BUSINESS_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <TextField
        id="trade-tax-id"
        label={f.taxId}
        inputMode="numeric"
        placeholder="12-3456789"
        hint={f.taxIdHint}
        value={values.taxId}
        error={errors.taxId}
        disabled={pending}
        onChange={(e) => set('taxId', e.target.value)}
        className="tabular"
      />
      <TextField
        id="trade-website"
        label={f.website}
        type="url"
        inputMode="url"
        autoComplete="url"
        value={values.website}
        error={errors.website}
        disabled={pending}
        onChange={(e) => set('website', e.target.value)}
      />
      <TextField
        id="trade-phone"
        label={f.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={values.phone}
        error={errors.phone}
        disabled={pending}
        onChange={(e) => set('phone', e.target.value)}
      />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 font-serif text-xl text-ink">{f.address}</legend>
        <AddressFields
          idPrefix="trade"
          value={values}
          errors={errors as Partial<Record<PostalField, string>>}
          disabled={pending}
          onChange={(field, value) => set(field, value)}
        />
      </fieldset>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <span id="trade-certificate-label" className="text-sm font-medium text-ink-soft">
          {f.certificate}
        </span>
        <div
          {...dropzone.getRootProps({
            className: `flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-md border border-dashed px-4 py-5 text-center text-sm transition-colors ${
              dropzone.isDragActive ? 'border-gold-dark bg-ivory-deep' : errors.certificate ? 'border-red-700' : 'border-stone-line hover:bg-ivory-deep'
            }`,
          })}
        >
          <input
            {...dropzone.getInputProps({
              'aria-labelledby': 'trade-certificate-label',
              'aria-describedby': errors.certificate ? 'trade-certificate-error' : 'trade-certificate-hint',
              'aria-invalid': errors.certificate ? true : undefined,
            })}
            data-testid="trade-certificate-input"
          />
          <Upload aria-hidden className="size-5 text-stone-muted" />
          <span className="text-ink">{f.dropHere}</span>
        </div>
        {file ? (
          <p className="flex items-center gap-2 text-sm text-ink" data-testid="trade-certificate-chosen">
            <FileText aria-hidden className="size-4 shrink-0 text-stone-muted" />
            <span className="min-w-0 break-all">{f.chosen(file.name)}</span>
            <button type="button" className="ml-auto inline-flex size-8 items-center justify-center rounded-md hover:bg-ivory-deep" onClick={() => setFile(null)} aria-label={f.remove} disabled={pending}>
              <X aria-hidden className="size-4" />
            </button>
          </p>
        ) : certificateOnFile ? (
          <p className="text-sm text-stone-muted">{f.certificateKeep(certificateOnFile)}</p>
        ) : null}
        {errors.certificate ? (
          <p id="trade-certificate-error" className="text-sm text-red-700">
            {errors.certificate}
          </p>
        ) : (
          <p id="trade-certificate-hint" className="text-xs text-stone-muted">
            {f.certificateHint}
          </p>
        )}
      </div>
      {pending && <progress className="h-1.5 w-full accent-gold sm:col-span-2" max={1} value={progress} aria-label={f.sending} />}
      <div className="sm:col-span-2">
        <button type="submit" disabled={pending} aria-busy={pending || undefined} className="btn-primary w-full sm:w-fit">
          {pending ? f.sending : certificateOnFile ? f.resubmit : f.submit}
        </button>
      </div>
    </form>
  );
}

'use client';
// The shop settings form: every field in one save, checked here with the server's schema first (loaded with the
// first save), errors beside the fields, 'Settings saved' or 'Failed to save settings' as a toast.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { updateShopSettings } from '@/lib/admin/settings/actions';
import { SETTINGS_FAILED, SETTINGS_LABELS, SETTINGS_LIMITS, SETTINGS_SAVED, type SettingsField } from '@/lib/admin/settings/fields';
import type { AdminShopSettings } from '@/lib/settings/shop-settings';
import { AdminField } from '../field';

type Values = Record<SettingsField, string>;

const HINTS: Partial<Record<SettingsField, string>> = {
  postalAddress: 'As on an envelope, one line per line.',
  supportEmail: 'Shown in the storefront footer, in mails and on invoices.',
  taxNumber: 'Printed on invoices and credit notes.',
  invoiceFooter: 'Printed at the end of every invoice and credit note.',
  notifyEmail: 'Where new-order notices go. Left empty, they go to the address the server is set up with.',
};

const TEXTAREAS: ReadonlySet<SettingsField> = new Set(['postalAddress', 'invoiceFooter']);
const TYPES: Partial<Record<SettingsField, string>> = { supportEmail: 'email', notifyEmail: 'email', supportPhone: 'tel' };
const ORDER: SettingsField[] = ['shopName', 'postalAddress', 'supportEmail', 'supportPhone', 'taxNumber', 'invoiceFooter', 'notifyEmail'];

export function SettingsForm({ settings }: { settings: AdminShopSettings }) {
  const router = useRouter();
  const [values, setValues] = useState<Values>(() => ({
    shopName: settings.shopName,
    postalAddress: settings.postalAddress,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    taxNumber: settings.taxNumber,
    invoiceFooter: settings.invoiceFooter,
    notifyEmail: settings.notifyEmail,
  }));
  const { form, errors, pending, submit: send } = useActionForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { settingsSchema } = await import('@/lib/admin/settings/schema');
    const result = await send(values, settingsSchema, updateShopSettings);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? SETTINGS_SAVED);
      router.refresh();
    } else {
      toast.error(SETTINGS_FAILED);
    }
  }

  const set = (field: SettingsField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <form ref={form} onSubmit={submit} noValidate className="adm-panel space-y-4" aria-label="Shop settings">
      {ORDER.map((field) => (
        <AdminField key={field} label={SETTINGS_LABELS[field]} error={errors[field]} hint={HINTS[field]}>
          {(control) =>
            TEXTAREAS.has(field) ? (
              <textarea
                {...control}
                name={field}
                className="adm-textarea"
                rows={4}
                maxLength={SETTINGS_LIMITS[field]}
                value={values[field]}
                disabled={pending}
                onChange={set(field)}
              />
            ) : (
              <input
                {...control}
                name={field}
                type={TYPES[field] ?? 'text'}
                className="adm-input"
                maxLength={SETTINGS_LIMITS[field]}
                required={field === 'shopName'}
                value={values[field]}
                disabled={pending}
                onChange={set(field)}
              />
            )
          }
        </AdminField>
      ))}
      <button type="submit" className="adm-btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

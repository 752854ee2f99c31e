'use client';
// Staff's tags on a customer: each a chip with its remove button, and a field to add one. Tags are staff's own
// notes (never shown to the buyer); each change is saved at once and the list answers the tags as they now are.
import { X } from 'lucide-react';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { addCustomerTag, removeCustomerTag } from '@/lib/admin/customers/actions';
import { customersHref } from '@/lib/admin/customers/params';
import { addTagSchema, removeTagSchema, TAG_MAX_LENGTH, TAG_TEXT, tagKey } from '@/lib/admin/customers/tags';
import { AdminField } from '../field';

export function CustomerTags({ customerKey, tags: initial }: { customerKey: string; tags: string[] }) {
  const [tags, setTags] = useState(initial);
  const [tag, setTag] = useState('');
  const { form, errors, setErrors, pending, submit } = useActionForm();

  async function add(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const result = await submit({ key: customerKey, tag }, addTagSchema, addCustomerTag);
    if (!result) return;
    if (result.ok) {
      setTags(result.data);
      setTag('');
      toast.success(result.message ?? TAG_TEXT.added);
    } else if (!result.fieldErrors?.tag) {
      setErrors({ tag: result.error || TAG_TEXT.addFailed });
    }
  }

  async function remove(name: string) {
    if (pending) return;
    const result = await submit({ key: customerKey, tag: name }, removeTagSchema, removeCustomerTag);
    if (!result) return;
    if (result.ok) {
      setTags(result.data);
      toast.success(result.message ?? TAG_TEXT.removed);
      form.current?.querySelector('input')?.focus();
    } else toast.error(TAG_TEXT.removeFailed, { description: result.error || undefined });
  }

  return (
    <section aria-labelledby="customer-tags" className="adm-panel space-y-3 text-sm">
      <h2 id="customer-tags" className="adm-h2">
        Tags
      </h2>
      {tags.length === 0 ? (
        <p className="adm-muted">{TAG_TEXT.noTags}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Tags" data-testid="customer-tags">
          {tags.map((t) => (
            <li key={t} className="inline-flex items-center rounded-full bg-neutral-100 ring-1 ring-neutral-300">
              <Link href={customersHref({ tag: tagKey(t) })} className="py-1 pl-3 pr-1 hover:underline" title={`Customers tagged ${t}`}>
                {t}
              </Link>
              <button
                type="button"
                className="inline-flex size-8 items-center justify-center rounded-full hover:bg-neutral-200"
                aria-label={`Remove tag ${t}`}
                disabled={pending}
                onClick={() => void remove(t)}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form ref={form} onSubmit={add} noValidate className="flex flex-wrap items-start gap-2" aria-label="Add a tag">
        <div className="min-w-0 flex-1 basis-48 sm:max-w-xs">
          <AdminField label="New tag" error={errors.tag} hint={`Such as VIP or Net 30; up to ${TAG_MAX_LENGTH} characters.`}>
            {(control) => (
              <input {...control} name="tag" className="adm-input" maxLength={TAG_MAX_LENGTH + 8} autoComplete="off" value={tag} disabled={pending} onChange={(e) => setTag(e.target.value)} />
            )}
          </AdminField>
        </div>
        <button type="submit" className="adm-btn mt-5" disabled={pending || !tag.trim()}>
          Add tag
        </button>
      </form>
    </section>
  );
}

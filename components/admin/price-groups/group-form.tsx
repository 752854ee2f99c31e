'use client';
// A price group's name and percent off: adds a group, or saves one's changes. Checked here with the action's own
// schema first; errors beside the fields; a toast either way.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { createPriceGroup, updatePriceGroupAction } from '@/lib/admin/price-groups/actions';
import { GROUP_NAME_MAX } from '@/lib/admin/price-groups/csv-rows';
import { GROUP_TEXT } from '@/lib/admin/price-groups/labels';
import { AdminField } from '../field';

interface GroupFormProps {
  /** Absent for a new group. */
  group?: { id: string; name: string; percentOff: string };
}

export function GroupForm({ group }: GroupFormProps) {
  const router = useRouter();
  const initial = { name: group?.name ?? '', percentOff: group ? String(Number(group.percentOff)) : '' };
  const [values, setValues] = useState(initial);
  const { form, errors, pending, submit: send } = useActionForm();
  const unchanged = group !== undefined && values.name.trim() === initial.name && values.percentOff.trim() === initial.percentOff;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { createGroupSchema, updateGroupSchema } = await import('@/lib/admin/price-groups/schema');
    const result = group
      ? await send({ groupId: group.id, ...values }, updateGroupSchema, updatePriceGroupAction)
      : await send(values, createGroupSchema, createPriceGroup);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? (group ? GROUP_TEXT.saved : GROUP_TEXT.created));
      if (!group) setValues({ name: '', percentOff: '' });
      router.refresh();
    } else {
      toast.error(group ? GROUP_TEXT.failedSave : GROUP_TEXT.failedCreate, { description: result.error || undefined });
    }
  }

  const busyLabel = group ? GROUP_TEXT.saving : GROUP_TEXT.adding;
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start" aria-label={group ? `Edit ${group.name}` : GROUP_TEXT.add}>
      <AdminField label={GROUP_TEXT.nameLabel} error={errors.name} hint={GROUP_TEXT.nameHint}>
        {(control) => (
          <input
            {...control}
            name="name"
            className="adm-input"
            maxLength={GROUP_NAME_MAX}
            required
            autoComplete="off"
            value={values.name}
            disabled={pending}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          />
        )}
      </AdminField>
      <AdminField label={GROUP_TEXT.percentLabel} error={errors.percentOff} hint={GROUP_TEXT.percentHint}>
        {(control) => (
          <input
            {...control}
            name="percentOff"
            className="adm-input tabular"
            inputMode="decimal"
            placeholder="0"
            autoComplete="off"
            value={values.percentOff}
            disabled={pending}
            onChange={(e) => setValues((v) => ({ ...v, percentOff: e.target.value }))}
          />
        )}
      </AdminField>
      <button type="submit" className="adm-btn-primary sm:mt-6" disabled={pending || unchanged} aria-busy={pending || undefined}>
        {pending ? busyLabel : group ? GROUP_TEXT.save : GROUP_TEXT.add}
      </button>
    </form>
  );
}

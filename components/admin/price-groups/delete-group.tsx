'use client';
// Deleting a group, after a confirmation. A group with trade accounts in it is not deleted (the server refuses it
// too, for an account added meanwhile): the button says why instead.
import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { deletePriceGroupAction } from '@/lib/admin/price-groups/actions';
import { GROUP_TEXT, groupInUse } from '@/lib/admin/price-groups/labels';
import { ADMIN_PRICE_GROUPS } from '@/lib/admin/nav';
import { ConfirmDialog } from '../catalog/confirm-dialog';

export function DeleteGroup({ group }: { group: { id: string; name: string; accounts: number } }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const inUse = group.accounts > 0 ? groupInUse(group.accounts) : null;

  async function remove() {
    setBusy(true);
    const result = await deletePriceGroupAction({ groupId: group.id }).catch(() => null);
    setBusy(false);
    setOpen(false);
    if (result?.ok) {
      toast.success(result.message ?? GROUP_TEXT.deleted);
      router.push(ADMIN_PRICE_GROUPS);
      router.refresh();
    } else {
      setError(result?.error ?? null);
      toast.error(GROUP_TEXT.failedDelete, { description: result?.error || undefined });
    }
  }

  return (
    <div className="space-y-2">
      <button ref={button} type="button" className="adm-btn-danger" disabled={inUse !== null} aria-describedby={inUse ? 'group-in-use' : undefined} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-4" /> {GROUP_TEXT.delete}
      </button>
      {(inUse ?? error) && (
        <p id="group-in-use" role={error ? 'alert' : undefined} className="max-w-prose text-xs text-stone-muted">
          {error ?? inUse}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title={GROUP_TEXT.confirmTitle(group.name)}
        description={GROUP_TEXT.confirmText}
        confirmLabel={GROUP_TEXT.delete}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setOpen(false)}
        returnFocus={button}
      />
    </div>
  );
}

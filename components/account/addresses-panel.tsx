'use client';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { deleteAccountAddress } from '@/lib/account/actions';
import type { AddressType, SavedAddress } from '@/lib/account/types';
import { countries } from '@/lib/checkout/countries';

// Loaded on first use: the dialog and validation code are not part of the page's first load.
const AddressDialog = dynamic(() => import('./address-dialogs').then((m) => m.AddressDialog), { ssr: false });
const DeleteAddressDialog = dynamic(() => import('./address-dialogs').then((m) => m.DeleteAddressDialog), { ssr: false });

const countryName = (code: string) => countries().find((c) => c.code === code)?.name ?? code;

type Editing = { address: SavedAddress | null; key: number } | null;

/** Saved addresses with add, edit (one dialog) and delete (after a confirmation). */
export function AddressesPanel({ addresses }: { addresses: SavedAddress[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [busy, setBusy] = useState(false);
  // Once a dialog was opened it stays mounted, so closing it can animate and give focus back.
  const [opened, setOpened] = useState(false);
  const firstOfType = (type: AddressType) => !addresses.some((a) => a.address_type === type && a.is_default);

  const open = (address: SavedAddress | null) => {
    setOpened(true);
    setEditing({ address, key: Date.now() });
  };
  const askDelete = (address: SavedAddress) => {
    setOpened(true);
    setDeleting(address);
  };

  async function confirmDelete() {
    if (!deleting || busy) return;
    setBusy(true);
    const result = await deleteAccountAddress({ id: deleting.id }).catch(() => null);
    setBusy(false);
    setDeleting(null);
    if (result?.ok) {
      toast.success(result.message ?? 'Address deleted');
      router.refresh();
    } else {
      toast.error(result?.error ?? 'Failed to delete address. Please try again.', { duration: 4000 });
    }
  }

  return (
    <section aria-labelledby="addresses-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="addresses-heading" className="text-2xl">
          Saved Addresses
        </h2>
        <button
          type="button"
          onClick={() => open(null)}
          className="btn-primary h-10 px-4"
        >
          <Plus aria-hidden className="size-4" />
          Add Address
        </button>
      </div>

      {addresses.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-stone-line bg-white px-6 py-12 text-center">
          <MapPin aria-hidden className="mx-auto size-10 stroke-[1.25] text-gold-dark" />
          <p className="mt-4 text-lg text-ink">No addresses saved</p>
          <p className="mt-1 text-stone-muted">Add shipping and billing addresses for faster checkout.</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {addresses.map((a) => (
            <li key={a.id} className="flex flex-col rounded-lg border border-stone-line bg-white p-5" data-testid="saved-address">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium capitalize text-ink">{a.address_type}</span>
                {a.is_default && (
                  <span className="rounded-full border border-gold/50 bg-ivory px-2 py-0.5 text-xs text-gold-dark">Default</span>
                )}
              </div>
              <address className="mt-2 flex-1 text-sm leading-relaxed not-italic text-ink-soft">
                {a.address_line1}
                {a.address_line2 && (
                  <>
                    <br />
                    {a.address_line2}
                  </>
                )}
                <br />
                {[a.city, a.state, a.postal_code].join(', ')}
                <br />
                {countryName(a.country)}
              </address>
              <div className="mt-4 flex gap-2">
                <button
                  type="button"
                  onClick={() => open(a)}
                  className="inline-flex h-9 items-center gap-1.5 rounded-md border border-stone-line px-3 text-sm hover:border-ink"
                  aria-label={`Edit ${a.address_type} address ${a.address_line1}`}
                >
                  <Pencil aria-hidden className="size-3.5" />
                  Edit
                </button>
                <button
                  type="button"
                  onClick={() => askDelete(a)}
                  className="inline-flex h-9 items-center gap-1.5 rounded-md border border-stone-line px-3 text-sm text-red-800 hover:border-red-700"
                  aria-label={`Delete ${a.address_type} address ${a.address_line1}`}
                >
                  <Trash2 aria-hidden className="size-3.5" />
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {opened && (
        <AddressDialog
          editing={editing}
          firstOfType={firstOfType}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            toast.success(message);
            router.refresh();
          }}
        />
      )}
      {opened && (
        <DeleteAddressDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
      )}
    </section>
  );
}

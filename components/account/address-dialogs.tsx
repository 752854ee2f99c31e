'use client';
// The address dialogs (add/edit form and delete confirmation), loaded on first use so the dialog and validation
// code stay out of the account page's first load.
import type { AddressType, SavedAddress } from '@/lib/account/types';
import { AddressForm } from './address-form';
import { Dialog } from '../ui/dialog';

const DELETE_QUESTION = 'Are you sure you want to delete this address?';

interface AddressDialogProps {
  /** Null while closed; `address` null adds one. `key` changes per opening, so the form starts afresh. */
  editing: { address: SavedAddress | null; key: number } | null;
  firstOfType(type: AddressType): boolean;
  onClose(): void;
  onSaved(message: string): void;
}

export function AddressDialog({ editing, firstOfType, onClose, onSaved }: AddressDialogProps) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()} title={editing?.address ? 'Edit Address' : 'Add Address'}>
      {editing && (
        <AddressForm key={editing.key} address={editing.address} firstOfType={firstOfType} onCancel={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

interface DeleteDialogProps {
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DeleteAddressDialog({ open, busy, onCancel, onConfirm }: DeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && !busy && onCancel()}
      title="Delete address"
      description={DELETE_QUESTION}
      role="alertdialog"
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="h-11 rounded-md border border-stone-line bg-white px-5 text-sm hover:border-ink"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className="h-11 rounded-md bg-red-800 px-5 text-sm font-medium text-white hover:bg-red-900 disabled:opacity-70"
        >
          {busy ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}

'use client';
// The order dialogs' one way to send: one request at a time, a refusal shown in the dialog (and handed on, for a toast),
// a request that never arrived said so, and the page refreshed once the action succeeded.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ActionResult } from '@/lib/core/action-result';

export const UNSENT = 'The request did not reach the server. Please try again.';

type Failure = Extract<ActionResult, { ok: false }>;

export function useDialogSubmit() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Sends once; true when the action succeeded (after `ok` ran and the page was asked to refresh). */
  async function submit<T>(
    send: () => Promise<ActionResult<T>>,
    on: { ok(data: T, message: string | undefined): void; failed?(failure: Failure): void },
  ): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      const result = await send();
      if (result.ok) {
        on.ok(result.data, result.message);
        router.refresh();
        return true;
      }
      setError(result.error);
      on.failed?.(result);
    } catch {
      setError(UNSENT);
    } finally {
      setBusy(false);
    }
    return false;
  }

  return { busy, error, setError, submit };
}

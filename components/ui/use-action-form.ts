'use client';
import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import type { ActionResult } from '@/lib/core/action-result';
import { fieldErrors } from '@/lib/core/errors';
import { focusFirstInvalid } from './field';

/** A failure the action could not answer (the network, the server gone): forms show their own failure words. */
const UNANSWERED = { ok: false, status: 500, error: '' } as const;

/**
 * A form that calls a server action: the same schema checks the input here first (errors beside the fields, focus
 * on the first), one call at a time, the server's field errors shown the same way. `submit` answers the action's
 * result, or null when nothing was sent.
 */
export function useActionForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit<I, T>(input: I, schema: ZodType, action: (input: I) => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> {
    const checked = schema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      focusFirstInvalid(form.current);
      return null;
    }
    setErrors({});
    setPending(true);
    const result = await action(input).catch((): ActionResult<T> => UNANSWERED);
    setPending(false);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      focusFirstInvalid(form.current);
    }
    return result;
  }

  return { form, errors, setErrors, pending, submit };
}

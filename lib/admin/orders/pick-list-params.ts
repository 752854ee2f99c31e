// The pick list's query: ?ids= a comma-separated list of 1 to 100 order ids, each once. Pure.
import { z } from 'zod';
import { uuidText } from '../../core/validation/text';

export const PICK_LIST_MAX = 100;

const idsSchema = z
  .string()
  .max(PICK_LIST_MAX * 40)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(uuidText).min(1).max(PICK_LIST_MAX));

/** The ids asked for, or null when the query is not 1 to 100 ids. */
export function parsePickListIds(params: URLSearchParams): string[] | null {
  const parsed = idsSchema.safeParse(params.get('ids') ?? '');
  return parsed.success ? parsed.data : null;
}

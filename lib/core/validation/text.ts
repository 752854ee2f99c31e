// Text that people type: one rule for every input schema. Control characters (NUL and the rest of C0 and C1, DEL),
// the Unicode line and paragraph separators, bidi controls (embeddings, overrides, isolates and the invisible LRM,
// RLM and ALM marks, which can turn a name around in a mail subject) and lone surrogates are refused, not stripped:
// they never belong in a name, an address or a search, and Postgres refuses NUL outright. Multi-line fields (content
// pages, descriptions) may hold \n, \r and \t. Every string is stored in NFC, so "é" typed two ways is one text.
import { z } from 'zod';

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const SINGLE_LINE_FORBIDDEN_RUNS = new RegExp(`${SINGLE_LINE_FORBIDDEN.source}+`, 'g');
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** True when `value` holds a character no text field accepts (see above). */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) || LONE_SURROGATE.test(value);
}

/** `value` with each run of characters a one-line field refuses turned into a space: for text read back, not typed. */
export function spaceForbiddenCharacters(value: string): string {
  return value.replace(SINGLE_LINE_FORBIDDEN_RUNS, ' ');
}

export interface TextOptions {
  /** Longest accepted length, in characters (after trimming). */
  max: number;
  /** Shortest accepted length; 0 by default. */
  min?: number;
  /** Allows \n, \r and \t (content pages, descriptions). */
  multiline?: boolean;
  /** Field name used in the messages ('Full name is too long'); messages start with 'must…' without it. */
  label?: string;
  /** Message when shorter than min. */
  minMessage?: string;
}

/** A trimmed, NFC-normalised string that refuses control characters and anything over `max`. */
export function text(options: TextOptions) {
  const { max, min = 0, multiline = false, label, minMessage } = options;
  const say = (m: string) => (label ? `${label} ${m}` : m);
  return z
    .string({ error: say('must be text') })
    .refine((v) => !hasForbiddenCharacters(v, multiline), { error: say(CONTROL_CHARACTER_MESSAGE) })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(min, { error: minMessage ?? say(min === 1 ? 'is required' : `must be at least ${min} characters`) })
        .max(max, { error: say(`is too long (${max} characters at most)`) }),
    );
}

/** Optional text: undefined, null or blank becomes null. A bad text keeps its own message (not a union's). */
export function optionalText(options: Omit<TextOptions, 'min' | 'minMessage'>) {
  return text(options)
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));
}

/** An e-mail address as people type it: trimmed, lower-cased domain is left to the Auth server. */
export function emailText(label = 'Email address') {
  return text({ max: 320, min: 1, label, minMessage: `${label} is required` }).pipe(
    z.email({ error: 'Please enter a valid email address' }),
  );
}

/** A path or query parameter that must be a UUID; anything else is a 404 for the caller, not a database error. */
export const uuidText = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  error: 'must be an id',
});

export function isUuid(value: unknown): value is string {
  return uuidText.safeParse(value).success;
}

// A message as it leaves the shop: what the composer (lib/orders/messages.ts) makes of an outbox row and the
// transport (transport.ts) hands to SMTP. Checked with zod at that boundary: one recipient, one line of subject, no
// header tricks (CR/LF, a second address, a display name smuggled into the address), so nothing read from the
// database or typed by a person can add a header or a recipient.
import { z } from 'zod';
import { hasForbiddenCharacters, spaceForbiddenCharacters } from '../core/validation/text';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ComposedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** A bare address: no spaces, brackets, commas, quotes or line breaks, at most 320 characters (RFC 5321). */
export const mailAddress = z
  .string({ error: 'The recipient is missing.' })
  .max(320, { error: 'The recipient address is too long.' })
  .refine((v) => !/[\s<>(),;:"[\]\\]/.test(v) && !hasForbiddenCharacters(v), {
    error: 'The recipient address has characters an address cannot have (line breaks, spaces or brackets).',
  })
  .pipe(z.email({ error: 'The recipient is not an e-mail address.' }));

const oneLine = (label: string, max: number) =>
  z
    .string()
    .min(1, { error: `${label} is empty.` })
    .max(max, { error: `${label} is too long.` })
    .refine((v) => !hasForbiddenCharacters(v), { error: `${label} must be one line without control characters.` });

export const composedMailSchema = z.object({
  to: mailAddress,
  subject: oneLine('The subject', 250),
  html: z.string().min(1).max(5_000_000),
  text: z.string().min(1).max(1_000_000),
  attachments: z
    .array(
      z.object({
        filename: oneLine('An attachment name', 200).refine((v) => !/[/\\]/.test(v), { error: 'An attachment name cannot hold a path.' }),
        contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, { error: 'An attachment has no valid type.' }),
        content: z.instanceof(Buffer),
      }),
    )
    .max(10),
});

/**
 * Text from the database or a person, made safe for a subject line: control characters, line breaks and bidi
 * controls to spaces. The transport sends it as encoded-words of its own (transport.ts), so text that looks like
 * an encoded-word ('=?utf-8?q?…?=') reaches the reader as the very text it is, never decoded into something else.
 */
export function subjectText(value: string, max = 120): string {
  const flat = spaceForbiddenCharacters(value).replace(/\s+/g, ' ').trim();
  // Counted in code points, so a cut never leaves half of an emoji's surrogate pair.
  const points = Array.from(flat);
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : flat;
}

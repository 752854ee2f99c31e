// Pure rules of colleagues on a trade account: who may be invited, how many, how long a link holds and what a link
// looks like. Client-safe: the owner's form checks the same schema before it sends anything.
import { z } from 'zod';
import { text, uuidText } from '../core/validation/text';
import { COLLEAGUE_ERRORS } from './colleague-labels';

/** Buyers plus open invitations per account; the invitations' trigger (guard_trade_invite) holds the same number. */
export const COLLEAGUE_LIMIT = 20;
/** An invitation holds this long from when it was last sent (the same trigger sets expires_at). */
export const INVITE_DAYS = 14;

/** What trade_invite_check answers for the caller holding a link. */
export const INVITE_STATES = ['ready', 'not_found', 'used', 'expired', 'not_approved', 'wrong_email', 'already_member', 'member_elsewhere'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
export const isInviteState = (v: unknown): v is InviteState => typeof v === 'string' && (INVITE_STATES as readonly string[]).includes(v);

/** A link's token: 32 random bytes in base64url. Anything else is not looked up at all. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isInviteToken = (v: unknown): v is string => typeof v === 'string' && INVITE_TOKEN_PATTERN.test(v);

/** Addresses are compared and stored lower-cased, as Auth stores them. */
export const normalizeEmail = (email: string) => email.normalize('NFC').trim().toLowerCase();

export const inviteSchema = z.strictObject({
  email: text({ max: 320, min: 1, minMessage: COLLEAGUE_ERRORS.emailRequired })
    .pipe(z.email({ error: COLLEAGUE_ERRORS.emailInvalid }))
    .transform(normalizeEmail),
});
export type InviteInput = z.output<typeof inviteSchema>;

export const inviteIdSchema = z.strictObject({ inviteId: uuidText });
export const colleagueIdSchema = z.strictObject({ userId: uuidText });
export const acceptSchema = z.strictObject({ token: z.string().regex(INVITE_TOKEN_PATTERN) });

export interface OpenInvite {
  email: string;
  expiresAt: Date | string;
}

/** An invitation counts against the limit until it is accepted or has expired. */
export const isOpenInvite = (invite: { expiresAt: Date | string; acceptedAt?: Date | string | null }, now = new Date()) =>
  !invite.acceptedAt && new Date(invite.expiresAt).getTime() > now.getTime();

/**
 * Why the owner cannot invite `email`, or null. Inviting an address again renews its invitation, which takes no
 * new place; expired invitations take none.
 */
export function inviteRefusal(
  email: string,
  account: { ownerEmail: string; memberEmails: readonly string[]; buyers: number; invites: readonly OpenInvite[] },
  now = new Date(),
): string | null {
  const wanted = normalizeEmail(email);
  if (wanted === normalizeEmail(account.ownerEmail)) return COLLEAGUE_ERRORS.self;
  if (account.memberEmails.some((m) => normalizeEmail(m) === wanted)) return COLLEAGUE_ERRORS.alreadyMember;
  const open = account.invites.filter((i) => isOpenInvite(i, now));
  if (open.some((i) => normalizeEmail(i.email) === wanted)) return null;
  return account.buyers + open.length >= COLLEAGUE_LIMIT ? COLLEAGUE_ERRORS.full(COLLEAGUE_LIMIT) : null;
}

/** The places left for new colleagues (the panel hides the form at none). */
export const placesLeft = (buyers: number, invites: readonly OpenInvite[], now = new Date()) =>
  Math.max(0, COLLEAGUE_LIMIT - buyers - invites.filter((i) => isOpenInvite(i, now)).length);

/** The join page's path for a token (the mail's link is this on the shop's address). */
export const joinPath = (token: string) => `/trade/join?t=${encodeURIComponent(token)}`;

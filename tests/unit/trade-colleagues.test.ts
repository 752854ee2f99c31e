// The pure rules of colleagues on a trade account: who may be invited and how many, what counts as open, the form's
// schema and the link's token.
import { describe, expect, it } from 'vitest';
import { COLLEAGUE_ERRORS, INVITE_STATE_MESSAGES } from '@/lib/trade/colleague-labels';
import {
  COLLEAGUE_LIMIT,
  INVITE_STATES,
  inviteRefusal,
  inviteSchema,
  isInviteToken,
  isOpenInvite,
  joinPath,
  normalizeEmail,
  placesLeft,
} from '@/lib/trade/colleagues-rules';

const now = new Date('2026-12-06T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
const account = (over: Partial<Parameters<typeof inviteRefusal>[1]> = {}) => ({
  ownerEmail: 'Owner@Shop.test',
  memberEmails: ['owner@shop.test', 'bea@shop.test'],
  buyers: 1,
  invites: [] as { email: string; expiresAt: Date }[],
  ...over,
});
const invites = (n: number, expiresAt = inDays(3)) => Array.from({ length: n }, (_, i) => ({ email: `c${i}@shop.test`, expiresAt }));

describe('inviteRefusal', () => {
  it('refuses the owner’s own address and a member’s, whatever their case', () => {
    expect(inviteRefusal(' OWNER@shop.test ', account(), now)).toBe(COLLEAGUE_ERRORS.self);
    expect(inviteRefusal('Bea@Shop.test', account(), now)).toBe(COLLEAGUE_ERRORS.alreadyMember);
  });

  it(`counts buyers and open invitations up to ${COLLEAGUE_LIMIT}`, () => {
    expect(inviteRefusal('new@shop.test', account({ invites: invites(COLLEAGUE_LIMIT - 2) }), now)).toBeNull();
    expect(inviteRefusal('new@shop.test', account({ invites: invites(COLLEAGUE_LIMIT - 1) }), now)).toBe(COLLEAGUE_ERRORS.full(COLLEAGUE_LIMIT));
  });

  it('lets an open invitation be sent again when full, and gives expired ones no place', () => {
    const full = account({ invites: invites(COLLEAGUE_LIMIT - 1) });
    expect(inviteRefusal('C3@shop.test', full, now)).toBeNull();
    expect(inviteRefusal('new@shop.test', account({ invites: invites(COLLEAGUE_LIMIT - 1, inDays(-1)) }), now)).toBeNull();
  });
});

describe('open invitations and places', () => {
  it('is open until it expires or is accepted', () => {
    expect(isOpenInvite({ expiresAt: inDays(1) }, now)).toBe(true);
    expect(isOpenInvite({ expiresAt: now }, now)).toBe(false);
    expect(isOpenInvite({ expiresAt: inDays(1), acceptedAt: now }, now)).toBe(false);
  });

  it('leaves the limit less buyers and open invitations, never below none', () => {
    expect(placesLeft(2, [...invites(3), ...invites(4, inDays(-2))], now)).toBe(COLLEAGUE_LIMIT - 5);
    expect(placesLeft(COLLEAGUE_LIMIT, invites(2), now)).toBe(0);
  });
});

describe('the invite form and the link', () => {
  it('stores the address trimmed and lower-cased, and refuses what is not one', () => {
    expect(inviteSchema.parse({ email: '  Bea.Buyer@Example.COM ' })).toEqual({ email: 'bea.buyer@example.com' });
    expect(inviteSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe(COLLEAGUE_ERRORS.emailRequired);
    expect(inviteSchema.safeParse({ email: 'bea@' }).error?.issues[0]?.message).toBe(COLLEAGUE_ERRORS.emailInvalid);
    expect(inviteSchema.safeParse({ email: 'bea@example.com', accountId: 'x' }).success).toBe(false);
    expect(normalizeEmail('É@X.TEST')).toBe('é@x.test');
  });

  it('takes 43 base64url characters as a token, and builds the join path with it', () => {
    expect(isInviteToken('a'.repeat(42) + '_')).toBe(true);
    expect(isInviteToken('a'.repeat(42))).toBe(false);
    expect(isInviteToken('a'.repeat(42) + '=')).toBe(false);
    expect(isInviteToken(null)).toBe(false);
    expect(joinPath('abc-_')).toBe('/trade/join?t=abc-_');
  });

  it('has a message for every way a link can be refused', () => {
    expect(Object.keys(INVITE_STATE_MESSAGES).sort()).toEqual(INVITE_STATES.filter((s) => s !== 'ready').sort());
  });
});

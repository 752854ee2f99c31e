'use server';
// Colleagues on a trade account: the owner invites, cancels and removes; the invited person accepts. Each runs
// through defineAction as the signed-in caller under RLS; the account is always the session's, never the form's.
import { defineAction, wakingMailSender } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { TRADE_ACCOUNTS_TAG } from '../../core/cache/tags';
import type { RateRule } from '../../core/rate-limit';
import { COLLEAGUE_ERRORS, COLLEAGUE_TOASTS, INVITE_STATE_MESSAGES } from '../colleague-labels';
import { acceptInvite, cancelInvite, inviteColleague, removeColleague, type SentInvite } from '../colleagues-invites';
import { acceptSchema, colleagueIdSchema, inviteIdSchema, inviteSchema } from '../colleagues-rules';

/** Invitations are mail to addresses the owner types: a business invites a few people, not a list. */
const INVITES_PER_OWNER: RateRule = { name: 'trade-invite:user', limit: 20, windowSeconds: 3600 };
const ACCEPTS_PER_USER: RateRule = { name: 'trade-accept:user', limit: 10, windowSeconds: 60 };

export const inviteTradeColleague = wakingMailSender(
  defineAction({
    name: 'trade.inviteColleague',
    access: 'user',
    schema: inviteSchema,
    success: (sent: SentInvite) => COLLEAGUE_TOASTS.invited(sent.email),
    failure: COLLEAGUE_ERRORS.inviteFailed,
    rateLimit: (_input, _headers, { user }) => [{ rule: INVITES_PER_OWNER, subject: user!.id }],
    run: ({ email }, { tx, user }): Promise<SentInvite> => inviteColleague(tx, { id: user!.id, email: user!.email ?? null }, email),
  }),
);

export const cancelTradeInvite = defineAction({
  name: 'trade.cancelInvite',
  access: 'user',
  schema: inviteIdSchema,
  success: COLLEAGUE_TOASTS.cancelled,
  failure: COLLEAGUE_ERRORS.cancelFailed,
  run: ({ inviteId }, { tx, user }) => cancelInvite(tx, { id: user!.id, email: user!.email ?? null }, inviteId),
});

export const removeTradeColleague = defineAction({
  name: 'trade.removeColleague',
  access: 'user',
  schema: colleagueIdSchema,
  success: COLLEAGUE_TOASTS.removed,
  failure: COLLEAGUE_ERRORS.removeFailed,
  revalidate: [TRADE_ACCOUNTS_TAG],
  run: ({ userId }, { tx, user }) => removeColleague(tx, { id: user!.id, email: user!.email ?? null }, userId),
});

export const acceptTradeInvite = defineAction({
  name: 'trade.acceptInvite',
  access: 'user',
  schema: acceptSchema,
  success: (joined: { businessName: string }) => COLLEAGUE_TOASTS.accepted(joined.businessName),
  failure: COLLEAGUE_ERRORS.acceptFailed,
  revalidate: [TRADE_ACCOUNTS_TAG],
  rateLimit: (_input, _headers, { user }) => [{ rule: ACCEPTS_PER_USER, subject: user!.id }],
  run: async ({ token }, { tx }): Promise<{ businessName: string }> => {
    const outcome = await acceptInvite(tx, token);
    if (outcome.state !== 'accepted') throw new ActionError(INVITE_STATE_MESSAGES[outcome.state], 409);
    return { businessName: outcome.businessName };
  },
});

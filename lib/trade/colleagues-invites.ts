import 'server-only';
// The owner's writes (invite, cancel, remove) and the invited person's accept, each in the caller's transaction
// under RLS. An invitation stores only the sha-256 of its link's token; the token travels in the mail, queued in the
// same transaction (the outbox's policy checks that the owner queues their own open invitation's mail). Accepting
// is accept_trade_invite(): the invitee cannot write the owner's account under RLS, so the function checks who asks.
import { createHash, randomBytes } from 'node:crypto';
import { withActor, type Tx } from '../core/db';
import { actorFor } from '../core/db/actor';
import { ActionError } from '../core/action-result';
import { getCurrentUser } from '../auth/user';
import { COLLEAGUE_ERRORS } from './colleague-labels';
import { readMembers, readOpenInvites } from './colleagues';
import { inviteRefusal, isInviteState, isInviteToken, normalizeEmail, type InviteState } from './colleagues-rules';

export interface Caller {
  id: string;
  email: string | null;
}

/** A fresh link token: 32 random bytes, base64url. */
export const newInviteToken = () => randomBytes(32).toString('base64url');
/** How the token is stored and looked up. */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** One mail per token: sending again makes a new token, so a new mail. */
export const inviteDedupeKey = (tokenHash: string) => `trade_invite:${tokenHash}`;

/** The caller's approved account, locked so two invitations at once are counted one after the other. */
async function ownApprovedAccount(tx: Tx, ownerId: string): Promise<string> {
  const [account] = await tx<{ id: string }[]>`
    select id from public.trade_accounts where owner_id = ${ownerId} and status = 'approved' for no key update`;
  if (!account) throw new ActionError(COLLEAGUE_ERRORS.notOwner, 403);
  return account.id;
}

export interface SentInvite {
  inviteId: string;
  email: string;
  renewed: boolean;
}

export async function inviteColleague(tx: Tx, owner: Caller, rawEmail: string): Promise<SentInvite> {
  const email = normalizeEmail(rawEmail);
  const accountId = await ownApprovedAccount(tx, owner.id);
  const [members, invites] = await Promise.all([readMembers(tx), readOpenInvites(tx, accountId)]);
  const refused = inviteRefusal(email, {
    ownerEmail: owner.email ?? '',
    memberEmails: members.map((m) => m.email),
    buyers: members.filter((m) => m.role === 'buyer').length,
    invites: invites.map((i) => ({ email: i.email, expiresAt: i.expires_at })),
  });
  if (refused) throw new ActionError(refused, 409, { email: refused });

  const token = newInviteToken();
  const tokenHash = inviteTokenHash(token);
  const existing = invites.find((i) => i.email === email);
  // Sending again renews the invitation: a new token (the old link stops working) and 14 days from now.
  const [row] = existing
    ? await tx<{ id: string }[]>`
        update public.trade_account_invites set token_hash = ${tokenHash}, invited_by = ${owner.id}
         where id = ${existing.id} returning id`
    : await tx<{ id: string }[]>`
        insert into public.trade_account_invites (account_id, email, token_hash, invited_by)
        values (${accountId}, ${email}, ${tokenHash}, ${owner.id}) returning id`;
  // No RETURNING and no ON CONFLICT: the owner may queue this mail but not read the outbox.
  await tx`
    insert into public.mail_outbox (kind, trade_account_id, to_address, dedupe_key, payload)
    values ('trade_invite', ${accountId}, ${email}, ${inviteDedupeKey(tokenHash)}, ${tx.json({ token })})`;
  return { inviteId: row!.id, email, renewed: Boolean(existing) };
}

export async function cancelInvite(tx: Tx, owner: Caller, inviteId: string): Promise<void> {
  const rows = await tx`
    delete from public.trade_account_invites i using public.trade_accounts a
     where i.id = ${inviteId} and a.id = i.account_id and a.owner_id = ${owner.id} and i.accepted_at is null
    returning i.id`;
  if (rows.length === 0) throw new ActionError(COLLEAGUE_ERRORS.notFound, 404);
}

/** Removes a buyer from the owner's account, with the account's 'member_removed' event. */
export async function removeColleague(tx: Tx, owner: Caller, userId: string): Promise<void> {
  const members = await readMembers(tx);
  const removed = members.find((m) => m.user_id === userId && m.role === 'buyer');
  const [account] = await tx<{ id: string }[]>`select id from public.trade_accounts where owner_id = ${owner.id}`;
  if (!account) throw new ActionError(COLLEAGUE_ERRORS.notOwner, 403);
  const rows = removed
    ? await tx`
        delete from public.trade_account_members
         where account_id = ${account.id} and user_id = ${userId} and role = 'buyer' returning user_id`
    : [];
  if (rows.length === 0) throw new ActionError(COLLEAGUE_ERRORS.notFound, 404);
  await tx`
    insert into public.trade_account_events (account_id, kind, detail, actor_id, actor_email)
    values (${account.id}, 'member_removed', ${tx.json({ user_id: userId, email: removed!.email })}, ${owner.id}, ${owner.email})`;
}

export interface InvitePreview {
  state: InviteState;
  businessName: string | null;
  email: string | null;
}

/** What the signed-in holder of `token` may do with it (trade_invite_check). */
export async function previewInvite(tx: Tx, token: string): Promise<InvitePreview> {
  if (!isInviteToken(token)) return { state: 'not_found', businessName: null, email: null };
  const [row] = await tx<{ state: string; business_name: string | null; email: string | null }[]>`
    select state, business_name, email from public.trade_invite_check(${inviteTokenHash(token)})`;
  return {
    state: isInviteState(row?.state) ? row.state : 'not_found',
    businessName: row?.business_name ?? null,
    email: row?.email ?? null,
  };
}

/** The join page: a stranger is asked to sign in first; a signed-in visitor sees what the link offers them. */
export async function loadInvitePage(token: string): Promise<{ signedIn: false } | { signedIn: true; preview: InvitePreview }> {
  const user = await getCurrentUser().catch(() => null);
  if (!user) return { signedIn: false };
  return { signedIn: true, preview: await withActor(actorFor(user), (tx) => previewInvite(tx, token)) };
}

export type AcceptOutcome = { state: 'accepted'; businessName: string } | { state: Exclude<InviteState, 'ready'> };

/** Joins the invitation's account as a buyer, or answers why not (nothing written then). */
export async function acceptInvite(tx: Tx, token: string): Promise<AcceptOutcome> {
  if (!isInviteToken(token)) return { state: 'not_found' };
  const [row] = await tx<{ state: string }[]>`select public.accept_trade_invite(${inviteTokenHash(token)}) as state`;
  if (row?.state === 'accepted') {
    const [account] = await tx<{ business_name: string }[]>`
      select business_name from public.trade_accounts where id = public.my_trade_account_id()`;
    return { state: 'accepted', businessName: account?.business_name ?? '' };
  }
  const state = isInviteState(row?.state) && row.state !== 'ready' ? row.state : 'not_found';
  return { state };
}

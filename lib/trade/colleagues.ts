import 'server-only';
// The people on the caller's trade account and the owner's open invitations, read as the caller under RLS. Member
// addresses come from my_trade_colleagues() (they live in auth.users, which no API role reads); the invitations
// are the owner's alone. Three short statements, in the caller's transaction.
import type { DbRow, Tx } from '../core/db';
import { formatDate } from '../core/format/date';
import { COLLEAGUE_LIMIT, isOpenInvite, placesLeft } from './colleagues-rules';
import type { TradeStatus } from './types';

export interface ColleagueView {
  userId: string;
  role: 'owner' | 'buyer';
  email: string;
  name: string | null;
  /** The day they joined, in the shop's time zone. */
  addedOn: string;
  isYou: boolean;
}

export interface InviteView {
  id: string;
  email: string;
  sentOn: string;
  /** The last day it can be accepted, in the shop's time zone. */
  until: string;
  expired: boolean;
}

/** What the colleagues panel shows; null for a caller on no trade account. */
export interface ColleaguesView {
  accountId: string;
  businessName: string;
  /** Only an approved account's owner invites and removes. */
  canManage: boolean;
  isOwner: boolean;
  approved: boolean;
  colleagues: ColleagueView[];
  /** Unaccepted invitations, newest first (the owner's only). */
  invites: InviteView[];
  placesLeft: number;
  limit: number;
}

export interface MemberRow {
  user_id: string;
  role: 'owner' | 'buyer';
  email: string;
  full_name: string | null;
  added_at: Date;
}

type AccountRow = DbRow<'trade_accounts', 'id' | 'business_name' | 'owner_id'> & { status: TradeStatus };

type InviteRow = DbRow<'trade_account_invites', 'id' | 'email' | 'created_at' | 'expires_at'>;

/** The caller's account members, owner first (my_trade_colleagues). */
export const readMembers = (tx: Tx) =>
  tx<MemberRow[]>`select user_id, role, email, full_name, added_at from public.my_trade_colleagues()`;

/** The account's unaccepted invitations, newest first; RLS shows them to its owner and staff only. */
export const readOpenInvites = (tx: Tx, accountId: string) =>
  tx<InviteRow[]>`
    select id, email::text as email, created_at, expires_at from public.trade_account_invites
     where account_id = ${accountId} and accepted_at is null
     order by created_at desc, id`;

export async function loadColleagues(tx: Tx, userId: string, timeZone: string, now = new Date()): Promise<ColleaguesView | null> {
  const [account] = await tx<AccountRow[]>`
    select id, business_name, status, owner_id from public.trade_accounts where id = public.my_trade_account_id()`;
  if (!account) return null;
  const isOwner = account.owner_id === userId;
  const [members, invites] = await Promise.all([readMembers(tx), isOwner ? readOpenInvites(tx, account.id) : Promise.resolve([])]);
  const approved = account.status === 'approved';
  const open = invites.map((i) => ({ email: i.email, expiresAt: i.expires_at }));
  return {
    accountId: account.id,
    businessName: account.business_name,
    canManage: isOwner && approved,
    isOwner,
    approved,
    colleagues: members.map((m) => ({
      userId: m.user_id,
      role: m.role,
      email: m.email,
      name: m.full_name?.trim() || null,
      addedOn: formatDate(m.added_at, timeZone),
      isYou: m.user_id === userId,
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      sentOn: formatDate(i.created_at, timeZone),
      until: formatDate(i.expires_at, timeZone),
      expired: !isOpenInvite({ expiresAt: i.expires_at }, now),
    })),
    placesLeft: placesLeft(members.filter((m) => m.role === 'buyer').length, open, now),
    limit: COLLEAGUE_LIMIT,
  };
}

-- Colleagues on a trade account (ARCHITECTURE.md, "Trade accounts and price groups").
--
-- The owner of an approved account invites colleagues by e-mail; the invited person signs in with that address and
-- accepts at the mail's link, joining as a buyer. Every member reads the account's orders, documents and quotes.
-- Only a hash of an invitation's token is stored: the token itself travels in the mail (the outbox, read by staff
-- and the sender only).

-- --- Invitations ----------------------------------------------------------------------------------------------------

create table public.trade_account_invites (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references public.trade_accounts (id) on delete cascade,
  email public.mail_address not null check (email::text = lower(email::text)),
  -- sha-256 of the link's token, in hex.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null
);
-- One open invitation per address and account: inviting again renews it.
create unique index trade_account_invites_open_idx on public.trade_account_invites (account_id, email) where accepted_at is null;
create index trade_account_invites_account_idx on public.trade_account_invites (account_id, created_at desc);

-- How many colleagues an account may have, counting open invitations (lib/trade/colleagues-rules.ts says the same).
-- An invitation runs 14 days from when it was last sent, whoever writes it. The account's row is locked first, so
-- two invitations at once cannot both pass the count.
create or replace function public.guard_trade_invite()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.created_at := now();
  new.expires_at := now() + interval '14 days';
  perform 1 from public.trade_accounts a where a.id = new.account_id for no key update;
  if (select count(*) from public.trade_account_members m where m.account_id = new.account_id and m.role = 'buyer')
     + (select count(*) from public.trade_account_invites i
         where i.account_id = new.account_id and i.accepted_at is null and i.expires_at > now() and i.id <> new.id) >= 20 then
    raise exception 'A trade account has at most 20 colleagues and open invitations.' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke execute on function public.guard_trade_invite() from public, anon, authenticated, service_role;
create trigger trade_account_invites_guard before insert or update of token_hash on public.trade_account_invites
for each row execute function public.guard_trade_invite();

alter table public.trade_account_invites enable row level security;
revoke all on public.trade_account_invites from public, anon, authenticated, service_role;
grant select, delete on public.trade_account_invites to authenticated;
grant insert (account_id, email, token_hash, invited_by) on public.trade_account_invites to authenticated;
grant update (token_hash, invited_by) on public.trade_account_invites to authenticated;
grant select on public.trade_account_invites to service_role;

create policy "owners and admins read invitations" on public.trade_account_invites for select to authenticated
  using ((select public.is_admin())
         or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())));
create policy "owners invite" on public.trade_account_invites for insert to authenticated
  with check (invited_by = (select auth.uid()) and accepted_at is null
              and exists (select 1 from public.trade_accounts a
                           where a.id = account_id and a.owner_id = (select auth.uid()) and a.status = 'approved'));
create policy "owners renew invitations" on public.trade_account_invites for update to authenticated
  using (accepted_at is null
         and exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())))
  with check (invited_by = (select auth.uid())
              and exists (select 1 from public.trade_accounts a
                           where a.id = account_id and a.owner_id = (select auth.uid()) and a.status = 'approved'));
create policy "owners cancel invitations" on public.trade_account_invites for delete to authenticated
  using (accepted_at is null
         and exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())));
create policy "the mail sender reads invitations" on public.trade_account_invites for select to service_role using (true);

-- --- Who the caller buys with ---------------------------------------------------------------------------------------

-- The users whose orders, documents and quotes the caller reads: every member of the caller's approved account, else
-- the caller alone. Policies ask it once per statement and compare with `user_id = any(...)`, which the user_id
-- indexes serve. PL/pgSQL keeps its plan for the session; a SQL function's query is planned again by every statement.
create or replace function public.my_account_user_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  ids uuid[];
begin
  select array_agg(o.user_id order by o.user_id) into ids
    from public.trade_account_members m
    join public.trade_accounts a on a.id = m.account_id and a.status = 'approved'
    join public.trade_account_members o on o.account_id = m.account_id
   where m.user_id = auth.uid();
  return coalesce(ids, array[auth.uid()]);
end;
$$;
revoke execute on function public.my_account_user_ids() from public, anon, authenticated, service_role;
grant execute on function public.my_account_user_ids() to authenticated;

-- The members of the caller's account with their sign-in address and name, for the account's own screens: member
-- addresses live in auth.users, which no API role reads.
create or replace function public.my_trade_colleagues()
returns table (user_id uuid, role text, email text, full_name text, added_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select o.user_id, o.role, lower(u.email::text), p.full_name, o.added_at
    from public.trade_account_members m
    join public.trade_account_members o on o.account_id = m.account_id
    join auth.users u on u.id = o.user_id
    left join public.user_profiles p on p.user_id = o.user_id
   where m.user_id = auth.uid()
   order by o.role = 'buyer', o.added_at, o.user_id;
$$;
revoke execute on function public.my_trade_colleagues() from public, anon, authenticated, service_role;
grant execute on function public.my_trade_colleagues() to authenticated;

-- --- Accepting an invitation ----------------------------------------------------------------------------------------

-- What the signed-in caller holding a link may do with it: 'ready' to accept, or why not. Also the join page's preview.
-- The invitee is not the owner and cannot read the invitation under RLS: the hash is the key.
create or replace function public.trade_invite_check(p_token_hash text)
returns table (invite_id uuid, account_id uuid, business_name text, email text, state text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  inv public.trade_account_invites;
  acct public.trade_accounts;
  me text := (select lower(u.email::text) from auth.users u where u.id = auth.uid());
  mine uuid := (select m.account_id from public.trade_account_members m where m.user_id = auth.uid());
begin
  select * into inv from public.trade_account_invites i where i.token_hash = p_token_hash;
  if inv.id is null or auth.uid() is null then
    return query select null::uuid, null::uuid, null::text, null::text, 'not_found'::text;
    return;
  end if;
  select * into acct from public.trade_accounts a where a.id = inv.account_id;
  return query select inv.id, inv.account_id, acct.business_name, inv.email::text,
    case
      when inv.accepted_at is not null and inv.accepted_by = auth.uid() and mine = inv.account_id then 'already_member'
      when inv.accepted_at is not null then 'used'
      when inv.expires_at <= now() then 'expired'
      when acct.status <> 'approved' then 'not_approved'
      when me is distinct from inv.email::text then 'wrong_email'
      when mine = inv.account_id then 'already_member'
      when mine is not null then 'member_elsewhere'
      else 'ready'
    end;
end;
$$;
revoke execute on function public.trade_invite_check(text) from public, anon, authenticated, service_role;
grant execute on function public.trade_invite_check(text) to authenticated;

-- Accepts the invitation for the caller: the membership, the used invitation and the event in the caller's
-- transaction. Answers 'accepted' or the check's refusal, writing nothing then.
create or replace function public.accept_trade_invite(p_token_hash text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c record;
begin
  -- Two accepts of one link wait for each other, and staff cannot change the account's status meanwhile.
  perform 1 from public.trade_account_invites i where i.token_hash = p_token_hash for update;
  perform 1 from public.trade_accounts a join public.trade_account_invites i on i.account_id = a.id
   where i.token_hash = p_token_hash for share of a;
  select * into c from public.trade_invite_check(p_token_hash);
  if c.state <> 'ready' then
    return c.state;
  end if;
  begin
    insert into public.trade_account_members (account_id, user_id, role) values (c.account_id, auth.uid(), 'buyer');
  exception when unique_violation then
    -- Joined another account in a transaction that committed after the check.
    return 'member_elsewhere';
  end;
  update public.trade_account_invites set accepted_at = now(), accepted_by = auth.uid() where id = c.invite_id;
  insert into public.trade_account_events (account_id, kind, detail, actor_id, actor_email)
  values (c.account_id, 'member_added', jsonb_build_object('user_id', auth.uid(), 'email', c.email, 'invite_id', c.invite_id),
          auth.uid(), c.email);
  return 'accepted';
end;
$$;
revoke execute on function public.accept_trade_invite(text) from public, anon, authenticated, service_role;
grant execute on function public.accept_trade_invite(text) to authenticated;

-- --- Members read the account's orders, documents and quotes --------------------------------------------------------

alter policy "read own orders" on public.orders
  using ((select public.is_admin()) or user_id = any ((select public.my_account_user_ids())::uuid[]));
-- As before (order checks per row): admins first, then a per-row lookup of the row's order (`offset 0`).
alter policy "read own order items" on public.order_items
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
alter policy "read own or any as admin" on public.invoices
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
alter policy "read own or any as admin" on public.credit_notes
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
alter policy "own or admin quotes" on public.quotes
  using ((select public.is_admin()) or user_id = any ((select public.my_account_user_ids())::uuid[]));
alter policy "own or admin quote lines" on public.quote_lines
  using ((select public.is_admin()) or exists (
    select 1 from public.quotes q where q.id = quote_id and q.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));

-- --- The invitation mail --------------------------------------------------------------------------------------------

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund', 'quote_request', 'quote_sent',
                  'quote_declined', 'trade_application', 'trade_decision', 'certificate_expiring', 'trade_invite'));

-- The owner queues the mail of an open invitation of theirs, in the invitation's transaction: to its address, once
-- per token, and only with the token whose hash it stores (the link the mail carries).
create policy "owners queue their invitations" on public.mail_outbox for insert to authenticated
  with check (kind = 'trade_invite' and order_id is null and quote_id is null and exists (
    select 1 from public.trade_account_invites i join public.trade_accounts a on a.id = i.account_id
     where i.account_id = trade_account_id and a.owner_id = (select auth.uid()) and a.status = 'approved'
       and i.accepted_at is null and i.email::text = to_address::text
       and dedupe_key = 'trade_invite:' || i.token_hash
       and encode(sha256(convert_to(coalesce(payload ->> 'token', ''), 'UTF8')), 'hex') = i.token_hash));

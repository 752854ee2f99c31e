-- Abandoned checkouts: an open checkout record older than 24 hours is expired, and its PaymentIntent is handed to
-- the app servers to cancel at Stripe (the database cannot call Stripe). A late payment of an expired checkout is
-- still fulfilled: fulfilment acts on the PaymentIntent Stripe reports, whatever the record's status.

alter table public.checkout_sessions drop constraint checkout_sessions_status_check;
alter table public.checkout_sessions add constraint checkout_sessions_status_check
  check (status in ('open', 'completed', 'amount_mismatch', 'expired'));
alter table public.checkout_sessions
  add column expired_at timestamptz,
  -- Set once Stripe confirmed the PaymentIntent canceled (or it already was).
  add column intent_canceled_at timestamptz,
  -- A server took this PaymentIntent to cancel; another may retry after 10 minutes if that server died.
  add column cancel_claimed_at timestamptz;
create index checkout_sessions_to_cancel_idx on public.checkout_sessions (expired_at)
  where status = 'expired' and intent_canceled_at is null and payment_intent_id is not null;

-- Expires open checkouts older than p_max_age, then claims up to p_claim expired ones whose PaymentIntent still needs
-- canceling and returns them. Several servers may call it at once: claimed rows are skipped by the others.
create or replace function public.expire_abandoned_checkouts(
  p_max_age interval default interval '24 hours',
  p_claim integer default 100
)
returns table (checkout_id uuid, payment_intent_id text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.checkout_sessions s
     set status = 'expired', expired_at = now()
   where s.status = 'open' and s.created_at < now() - p_max_age;

  return query
  with due as (
    select s.id from public.checkout_sessions s
     where s.status = 'expired' and s.intent_canceled_at is null and s.payment_intent_id is not null
       and (s.cancel_claimed_at is null or s.cancel_claimed_at < now() - interval '10 minutes')
     order by s.expired_at
     limit greatest(p_claim, 0)
     for update skip locked
  )
  update public.checkout_sessions s
     set cancel_claimed_at = now()
    from due
   where s.id = due.id
  returning s.id, s.payment_intent_id;
end;
$$;
revoke execute on function public.expire_abandoned_checkouts(interval, integer) from public, anon, authenticated;
grant execute on function public.expire_abandoned_checkouts(interval, integer) to service_role;

-- On Supabase with pg_cron enabled, the database expires checkouts and purges rate-limit counters every hour on its
-- own (claiming nothing: the app servers cancel the PaymentIntents). Without pg_cron nothing is scheduled here; the
-- app servers run the same function on their timer either way.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'shop-maintenance',
      '17 * * * *',
      'select count(*) from public.expire_abandoned_checkouts(p_claim => 0); select public.purge_rate_limits();'
    );
  end if;
end;
$$;

-- Rate-limit counters shared by every app server: a fixed window per key, taken in one statement. Keys are hashes
-- (rule name + e-mail or address), so the table holds no personal data. Server-only: no API role can read or write it.

create table public.rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
alter table public.rate_limits enable row level security;
revoke all on public.rate_limits from anon, authenticated;

-- Counts one hit on each key and answers, per key, whether it is within its limit and how many seconds remain in
-- its window. Keys, limits and windows come as three arrays of the same length (one round trip for all rules).
create or replace function public.rate_limit_hit(p_keys text[], p_limits integer[], p_window_seconds integer[])
returns table (key text, allowed boolean, retry_after_seconds integer)
language sql
volatile
security definer
set search_path = ''
as $$
  with input as (
    select k, l, w from unnest(p_keys, p_limits, p_window_seconds) as u(k, l, w)
  ),
  hit as (
    insert into public.rate_limits as r (key, window_start, hits)
    select k, now(), 1 from input
    on conflict (key) do update set
      window_start = case when r.window_start <= now() - make_interval(secs => (select w from input where k = excluded.key))
                          then now() else r.window_start end,
      hits = case when r.window_start <= now() - make_interval(secs => (select w from input where k = excluded.key))
                  then 1 else r.hits + 1 end
    returning r.key, r.window_start, r.hits
  )
  select hit.key,
         hit.hits <= input.l,
         greatest(1, ceil(extract(epoch from (hit.window_start + make_interval(secs => input.w) - now()))))::integer
    from hit join input on input.k = hit.key;
$$;
revoke execute on function public.rate_limit_hit(text[], integer[], integer[]) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text[], integer[], integer[]) to service_role;

-- Windows are at most an hour: older rows are only history. The maintenance job calls this.
create or replace function public.purge_rate_limits()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (delete from public.rate_limits where window_start < now() - interval '1 day' returning 1)
  select count(*)::integer from gone;
$$;
revoke execute on function public.purge_rate_limits() from public, anon, authenticated;
grant execute on function public.purge_rate_limits() to service_role;

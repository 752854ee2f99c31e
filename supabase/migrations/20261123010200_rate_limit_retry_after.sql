-- Retry-After never exceeds the window: a request whose transaction began just before another one opened the window
-- saw now() earlier than window_start and was told "61 seconds" for a 60-second window. Same function otherwise.

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
         least(input.w, greatest(1, ceil(extract(epoch from (hit.window_start + make_interval(secs => input.w) - now())))))::integer
    from hit join input on input.k = hit.key;
$$;
revoke execute on function public.rate_limit_hit(text[], integer[], integer[]) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text[], integer[], integer[]) to service_role;

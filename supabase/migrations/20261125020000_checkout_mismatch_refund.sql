-- A payment whose amount differs from its checkout never becomes an order: the shop refunds it in full and keeps,
-- on the checkout record, which refund it made and why (the confirmation page tells the buyer from these).
alter table public.checkout_sessions
  add column refund_id text,
  add column refund_reason text,
  add column refunded_at timestamptz;

-- Trade applications: what the application, staff's review and the certificate sweep need beyond the tables of
-- 20261206000100_trade_accounts.sql.

-- The maintenance timer (service role) ends a trade exemption once its certificate has expired: the buyer's
-- customers row loses its exemption with the account's. Staff's own exemptions have no last day and are never touched.
grant update (tax_exempt, tax_exempt_reason, tax_exempt_until) on public.customers to service_role;

-- An application whose record could not be written leaves its uploaded certificate behind: the owner may remove a
-- file of their own folder that no account names, never the certificate staff review.
create policy "owners remove unused certificates" on storage.objects for delete to authenticated
  using (bucket_id = 'resale-certificates'
         and (storage.foldername(name))[1] = (select auth.uid())::text
         and not exists (select 1 from public.trade_accounts a where a.certificate_path = name));

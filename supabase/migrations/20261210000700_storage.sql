-- Storage: the product images bucket (public, admins write) and the resale certificates bucket (private: the owner
-- and staff read).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 10485760,
        array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']),
       ('resale-certificates', 'resale-certificates', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do update set public = excluded.public,
  file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

set local check_function_bodies = off;

-- Policies
create policy "product images are public" on storage.objects for select to anon, authenticated
  using (bucket_id = 'product-images');
create policy "admins upload product images" on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select public.is_admin()));
create policy "admins update product images" on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select public.is_admin()))
  with check (bucket_id = 'product-images' and (select public.is_admin()));
create policy "admins delete product images" on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select public.is_admin()));
create policy "owners and admins read certificates" on storage.objects for select to authenticated
  using (bucket_id = 'resale-certificates'
         and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_admin())));
create policy "owners upload certificates" on storage.objects for insert to authenticated
  with check (bucket_id = 'resale-certificates' and (storage.foldername(name))[1] = (select auth.uid())::text);
-- An application whose record could not be written leaves its uploaded certificate behind: the owner may remove a
-- file of their own folder that no account names, never the certificate staff review.
create policy "owners remove unused certificates" on storage.objects for delete to authenticated
  using (bucket_id = 'resale-certificates'
         and (storage.foldername(name))[1] = (select auth.uid())::text
         and not exists (select 1 from public.trade_accounts a where a.certificate_path = name));

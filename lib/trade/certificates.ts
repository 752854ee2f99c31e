import 'server-only';
// Resale certificates in the private resale-certificates bucket, through the Storage API as the signed-in caller:
// supabase-js carries their access token, so the bucket's policies decide who stores, opens and removes a file
// (the owner's own folder; staff read every one), never the service role.
import { randomUUID } from 'node:crypto';
import { withActor, type DbActor } from '../core/db';
import { HttpError } from '../core/errors';
import { createSupabaseServerClient } from '../core/supabase/server';
import { logWarn } from '../core/log';
import { TRADE_ERRORS } from './labels';
import { certificateObjectPath, RESALE_CERTIFICATES_BUCKET, type CertificateFormat } from './rules';

/** How long a link to a certificate opens it: long enough to follow the redirect, too short to pass around. */
export const CERTIFICATE_LINK_SECONDS = 60;

const bucket = async () => (await createSupabaseServerClient()).storage.from(RESALE_CERTIFICATES_BUCKET);

/** Stores the owner's certificate under a new name (never over another file) and answers its path. */
export async function storeCertificate(ownerId: string, bytes: Uint8Array, format: CertificateFormat): Promise<string> {
  const path = certificateObjectPath(ownerId, randomUUID(), format);
  // Private papers: no cache keeps a copy past the link's minute.
  const { error } = await (await bucket()).upload(path, bytes, { contentType: format.mime, upsert: false, cacheControl: '0' });
  if (error) throw new Error(`Storage refused ${path}: ${error.message}`);
  return path;
}

/** Removes a certificate no account names (an application that was not written); logged, never raised. */
export async function removeUnusedCertificate(path: string, requestId?: string): Promise<void> {
  const { error } = await (await bucket()).remove([path]).catch((err: unknown) => ({ error: err as Error }));
  if (error) logWarn('unused certificate not removed', { requestId, path, error: error.message });
}

/** A link that opens the certificate for a minute, or null when the caller may not read it (or it is gone). */
export async function certificateLink(path: string): Promise<string | null> {
  const { data, error } = await (await bucket()).createSignedUrl(path, CERTIFICATE_LINK_SECONDS);
  return error || !data?.signedUrl ? null : data.signedUrl;
}

/**
 * A fresh one-minute link to an account's certificate for the caller: the account is read under RLS (its owner, its
 * members and staff see it) and Storage signs only what its policies let the caller read (the owner and staff).
 * Anyone else, an unknown id and a forged one get the same 404.
 */
export async function certificateLinkFor(actor: DbActor, accountId: string): Promise<string> {
  const [row] = await withActor(actor, (tx) => tx<{ certificate_path: string | null }[]>`
    select certificate_path from public.trade_accounts where id = ${accountId}`);
  const link = row?.certificate_path ? await certificateLink(row.certificate_path) : null;
  if (!link) throw new HttpError(404, TRADE_ERRORS.certificateNotFound, 'not_found');
  return link;
}

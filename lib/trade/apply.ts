import 'server-only';
// A signed-in buyer applies for a trade account, or changes and sends again an application that is not approved.
// Everything is checked before the certificate is stored; then the account, its owner membership and the history's
// event are written in one transaction as the buyer, under RLS and the table's guard. The shop's notice joins that
// transaction, so a rolled back application mails nobody. A certificate whose application was not written, and one
// a new certificate replaced, are removed again: the owner's folder holds the certificate on file.
import { withActor, type DbActor, type Tx } from '../core/db';
import { HttpError } from '../core/errors';
import { enqueueMail } from '../mail/outbox';
import { removeUnusedCertificate, storeCertificate } from './certificates';
import { TRADE_ERRORS } from './labels';
import { certificateDisplayName, sniffCertificate, type CertificateFormat } from './rules';
import type { ApplicationInput } from './schema';
import { toStoredAddress, type TradeStatus } from './types';

export interface Applicant {
  id: string;
  email: string | null;
}

export interface CertificateUpload {
  bytes: Uint8Array;
  /** The file's name as the browser gave it (shown, never used as a path). */
  name: string | null;
}

export interface SubmittedApplication {
  accountId: string;
  resubmitted: boolean;
}

interface Existing {
  id: string;
  status: TradeStatus;
}

interface StoredCertificate {
  path: string;
  name: string;
  format: CertificateFormat;
}

const actorOf = (who: Applicant): DbActor => ({ role: 'authenticated', userId: who.id, email: who.email });

/** The buyer's own application, and the account they already buy for as someone else's colleague. */
async function standing(who: Applicant): Promise<{ own: Existing | null; memberOf: string | null }> {
  return withActor(actorOf(who), async (tx) => {
    // One statement, one snapshot: an application committed between two reads would look like another account's.
    const [row] = await tx<{ id: string | null; status: Existing['status'] | null; member_of: string | null }[]>`
      select a.id, a.status, public.my_trade_account_id() as member_of
        from (select 1) one left join public.trade_accounts a on a.owner_id = ${who.id}`;
    return { own: row?.id ? { id: row.id, status: row.status! } : null, memberOf: row?.member_of ?? null };
  });
}

/**
 * Buyers may not write the outbox; the shop's notice is queued as the service role inside the buyer's own
 * transaction (the role is set back at once), so it commits or rolls back with the application.
 */
async function queueShopNotice(tx: Tx, accountId: string, eventId: string, resubmitted: boolean): Promise<void> {
  const [caller] = await tx<{ role: string }[]>`select current_user as role`;
  await tx`select set_config('role', 'service_role', true)`;
  await enqueueMail(tx, {
    kind: 'trade_application',
    orderId: null,
    tradeAccountId: accountId,
    to: null,
    dedupeKey: `trade_application:${accountId}:${eventId}`,
    payload: { resubmitted },
  });
  await tx`select set_config('role', ${caller!.role}, true)`;
}

/** What was written, and the certificate a new one replaced (removed once the change has committed). */
type Written = SubmittedApplication & { replaced: string | null };

async function write(tx: Tx, who: Applicant, input: ApplicationInput, own: Existing | null, file: StoredCertificate | null): Promise<Written> {
  const fields = {
    business_name: input.businessName,
    business_type: input.businessType,
    tax_id: input.taxId,
    website: input.website,
    phone: input.phone,
    address: tx.json(toStoredAddress({ ...input, address_line2: input.address_line2 ?? '' }) as never) as unknown as string,
  };
  let accountId: string;
  let replaced: string | null = null;
  if (!own) {
    const [row] = await tx<{ id: string }[]>`
      insert into public.trade_accounts ${tx({ ...fields, owner_id: who.id, certificate_path: file!.path, certificate_name: file!.name, certificate_type: file!.format.mime })}
      returning id`;
    accountId = row!.id;
    await tx`insert into public.trade_account_members (account_id, user_id, role) values (${accountId}, ${who.id}, 'owner')`;
  } else {
    const certificate = file ? { certificate_path: file.path, certificate_name: file.name, certificate_type: file.format.mime } : {};
    // Staff may have approved it since it was read: an approved account keeps its details.
    const [before] = await tx<{ certificate_path: string | null }[]>`
      select certificate_path from public.trade_accounts where id = ${own.id} and status <> 'approved' for update`;
    if (!before) throw new HttpError(409, TRADE_ERRORS.approved, 'approved');
    await tx`update public.trade_accounts set ${tx({ ...fields, ...certificate, status: 'pending' })}, submitted_at = now() where id = ${own.id}`;
    accountId = own.id;
    replaced = file ? before.certificate_path : null;
  }
  const resubmitted = own !== null;
  const [event] = await tx<{ id: string }[]>`
    insert into public.trade_account_events (account_id, kind, detail, actor_id, actor_email)
    values (${accountId}, ${resubmitted ? 'resubmitted' : 'submitted'},
            ${tx.json({ newCertificate: file !== null, ...(own ? { from: own.status } : {}) })}, ${who.id}, ${who.email})
    returning id`;
  await queueShopNotice(tx, accountId, event!.id, resubmitted);
  return { accountId, resubmitted, replaced };
}

/** A refusal of the file, placed beside the form's certificate field. */
export const certificateError = (status: number, message: string, code: string) =>
  new HttpError(status, message, code, { fieldErrors: { certificate: message } });

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export async function submitApplication(
  who: Applicant,
  input: ApplicationInput,
  upload: CertificateUpload | null,
  requestId?: string,
): Promise<SubmittedApplication> {
  const format = upload ? sniffCertificate(upload.bytes) : null;
  if (upload && upload.bytes.byteLength === 0) throw certificateError(400, TRADE_ERRORS.certificateEmpty, 'empty_certificate');
  if (upload && !format) throw certificateError(415, TRADE_ERRORS.certificateType, 'certificate_type');
  const { own, memberOf } = await standing(who);
  if (own?.status === 'approved') throw new HttpError(409, TRADE_ERRORS.approved, 'approved');
  if (!own && memberOf) throw new HttpError(409, TRADE_ERRORS.otherAccount, 'member_elsewhere');
  if (!own && !upload) throw certificateError(400, TRADE_ERRORS.certificateRequired, 'certificate_required');

  const file =
    upload && format ? { path: await storeCertificate(who.id, upload.bytes, format), name: certificateDisplayName(upload.name, format), format } : null;
  let written: Written;
  try {
    written = await withActor(actorOf(who), (tx) => write(tx, who, input, own, file));
  } catch (err) {
    if (file) await removeUnusedCertificate(file.path, requestId);
    // Two first applications at once (two tabs): the other one was written.
    if (isUniqueViolation(err)) throw new HttpError(409, TRADE_ERRORS.alreadySent, 'already_sent');
    throw err;
  }
  // The certificate a new one replaced is no longer anyone's to review.
  if (written.replaced) await removeUnusedCertificate(written.replaced, requestId);
  return { accountId: written.accountId, resubmitted: written.resubmitted };
}

// Shared by the trade account integration tests: buyers of their own (real sessions from the Auth stand-in, as
// cookie jars the server code reads), the application as the browser sends it (multipart with the certificate),
// certificate bytes of each kind, and the rows an application writes.
import { randomUUID } from 'node:crypto';
import { POST as applyPOST } from '@/app/api/trade/application/route';
import { CLIENT_ADDRESS_HEADER } from '@/lib/core/http/client-address.mjs';
import { BUSINESS_TYPES } from '@/lib/trade/types';
import { anonClient } from '../support/auth-clients';
import { as, type Jar } from './admin-request';
import { signedInJar } from './admin-support';
import { sql } from './checkout-support';

export interface Buyer {
  id: string;
  email: string;
  jar: Jar;
}

/** A new account, signed in: each test applies as its own buyer (an owner has one application). */
export async function newBuyer(tag: string): Promise<Buyer> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@trade.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await anonClient().auth.signUp({ email, password });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  return { id: data.user.id, email, jar: await signedInJar(email, password) };
}

export const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
export const PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
/** A web page dressed as a PDF: the name and the type say PDF, the bytes do not. */
export const FAKE_PDF = new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>'));

export function fields(over: Record<string, unknown> = {}) {
  return {
    businessName: 'Gilded Lily Boutique',
    businessType: BUSINESS_TYPES[0],
    taxId: '12-3456789',
    website: 'gildedlily.example',
    phone: '+1 (555) 010-4400',
    address_line1: '12 Market Street',
    address_line2: '',
    city: 'Portland',
    state: 'OR',
    postal_code: '97204',
    country: 'US',
    ...over,
  };
}

export interface FilePart {
  bytes: Uint8Array;
  name: string;
  type: string;
}

export const pdfFile = (name = 'resale-certificate.pdf'): FilePart => ({ bytes: PDF, name, type: 'application/pdf' });

/** POST /api/trade/application as the browser sends it. */
export function applicationRequest(values: Record<string, unknown> | string, file: FilePart | null = pdfFile()): Request {
  const form = new FormData();
  form.set('application', typeof values === 'string' ? values : JSON.stringify(values));
  if (file) form.set('certificate', new File([Buffer.from(file.bytes)], file.name, { type: file.type }));
  // Each request from an address of its own: the per-address limit is not what these tests are about.
  const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  return new Request('http://localhost/api/trade/application', { method: 'POST', body: form, headers: { [CLIENT_ADDRESS_HEADER]: address } });
}

export async function apply(jar: Jar, values: Record<string, unknown> | string = fields(), file: FilePart | null = pdfFile()) {
  const response = await as(jar, () => applyPOST(applicationRequest(values, file)));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string; details?: { fieldErrors?: Record<string, string> } } };
}

export interface AccountRow {
  id: string;
  status: string;
  certificate_path: string | null;
  certificate_name: string | null;
  certificate_type: string | null;
  tax_id: string;
  website: string | null;
}

export async function accountOf(ownerId: string): Promise<AccountRow | undefined> {
  const [row] = await sql<AccountRow[]>`
    select id, status, certificate_path, certificate_name, certificate_type, tax_id, website from trade_accounts where owner_id = ${ownerId}`;
  return row;
}

/** The certificate files stored in an owner's folder. */
export const filesOf = async (ownerId: string) =>
  (await sql<{ name: string }[]>`select name from storage.objects where bucket_id = 'resale-certificates' and name like ${ownerId + '/%'} order by name`).map((r) => r.name);

export const eventsOf = async (accountId: string) =>
  sql<{ kind: string; actor_id: string | null; actor_email: string | null; detail: Record<string, unknown> }[]>`
    select kind, actor_id, actor_email, detail from trade_account_events where account_id = ${accountId} order by id`;

export const mailsOf = async (accountId: string) =>
  sql<{ kind: string; to_address: string | null; payload: Record<string, unknown> }[]>`
    select kind, to_address, payload from mail_outbox where trade_account_id = ${accountId} order by id`;

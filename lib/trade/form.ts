import 'server-only';
// The application as the browser sends it: multipart/form-data with the fields as one JSON part ('application')
// and the certificate as a file part ('certificate', left out to keep the one on file). The body is read through a
// cap before anything parses it, so a 200 MB upload costs at most the cap; every refusal says what to do.
import { fieldErrors, HttpError } from '../core/errors';
import { readBodyCapped } from '../core/request-body';
import { TRADE_ERRORS } from './labels';
import { CERTIFICATE_MAX_BYTES } from './rules';
import { applicationSchema, type ApplicationInput } from './schema';
import { certificateError, type CertificateUpload } from './apply';

/** The certificate and room for the fields and the parts' headers. */
export const APPLICATION_MAX_BYTES = CERTIFICATE_MAX_BYTES + 64 * 1024;

const badForm = () => new HttpError(400, TRADE_ERRORS.badForm, 'bad_form');

export async function readApplicationForm(request: Request): Promise<{ input: ApplicationInput; upload: CertificateUpload | null }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    await request.body?.cancel().catch(() => {});
    throw new HttpError(415, TRADE_ERRORS.badForm, 'unsupported_media_type');
  }
  const bytes = await readBodyCapped(request, APPLICATION_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 413 ? certificateError(413, TRADE_ERRORS.certificateTooLarge, 'too_large') : err;
  });
  const form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData().catch(() => {
    throw badForm();
  });
  const json = form.get('application');
  if (typeof json !== 'string') throw badForm();
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw badForm();
  }
  const parsed = applicationSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new HttpError(400, Object.values(errors)[0] ?? TRADE_ERRORS.badForm, 'invalid_application', { fieldErrors: errors });
  }
  const file = form.get('certificate');
  if (file !== null && typeof file === 'string') throw badForm();
  if (!file) return { input: parsed.data, upload: null };
  if (file.size > CERTIFICATE_MAX_BYTES) throw certificateError(413, TRADE_ERRORS.certificateTooLarge, 'too_large');
  return { input: parsed.data, upload: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || null } };
}

// Pure rules of a trade application: which files a resale certificate may be (by their bytes, never their name or
// the browser's word), the EIN, the website, and where a certificate is stored. Client-safe: the form checks the
// same rules before it sends anything.
import { hasForbiddenCharacters, spaceForbiddenCharacters } from '../core/validation/text';
import { TRADE_ERRORS } from './labels';

export const RESALE_CERTIFICATES_BUCKET = 'resale-certificates';
/** 10 MB, the bucket's own limit. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
/** The file picker's filter; the server checks the content again. */
export const CERTIFICATE_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

export const CERTIFICATE_FORMATS = {
  pdf: { mime: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  jpeg: { mime: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  png: { mime: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
} as const;
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[keyof typeof CERTIFICATE_FORMATS];

/** The format the file's first bytes say it is, or null: a renamed file, an HTML page, a script are all refused. */
export function sniffCertificate(bytes: Uint8Array): CertificateFormat | null {
  for (const format of Object.values(CERTIFICATE_FORMATS)) {
    if (bytes.length >= format.magic.length && format.magic.every((b, i) => bytes[i] === b)) return format;
  }
  return null;
}

/** Why these bytes cannot be a certificate, or null. */
export function certificateProblem(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0) return TRADE_ERRORS.certificateEmpty;
  if (bytes.byteLength > CERTIFICATE_MAX_BYTES) return TRADE_ERRORS.certificateTooLarge;
  return sniffCertificate(bytes) ? null : TRADE_ERRORS.certificateType;
}

/** `<owner id>/<random>.<ext>`: the bucket's policies give each owner their own folder. */
export function certificateObjectPath(ownerId: string, random: string, format: CertificateFormat): string {
  return `${ownerId.toLowerCase()}/${random}.${format.ext}`;
}

/** The file's name as staff and the owner see it: no folders, no control characters, at most 200 characters. */
export function certificateDisplayName(name: string | null | undefined, format: CertificateFormat): string {
  const base = spaceForbiddenCharacters((name ?? '').split(/[/\\]/).pop() ?? '').replace(/\s+/g, ' ').trim();
  const points = Array.from(base);
  return points.length === 0 ? `certificate.${format.ext}` : points.slice(0, 200).join('');
}

// EIN prefixes the IRS has never assigned.
const UNUSED_EIN_PREFIXES = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

/** '12-3456789' from '123456789', '12 3456789' or '12-3456789'; null when it is not nine digits. */
export function normalizeEin(value: string): string | null {
  const digits = value.trim().replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : null;
}

/** Why `value` is not an EIN, or null. */
export function einProblem(value: string): string | null {
  if (!value.trim()) return TRADE_ERRORS.taxIdRequired;
  const ein = normalizeEin(value);
  if (!ein) return TRADE_ERRORS.taxIdFormat;
  return UNUSED_EIN_PREFIXES.has(ein.slice(0, 2)) ? TRADE_ERRORS.taxIdPrefix : null;
}

/** 'https://shop.example' from 'shop.example'; null for blank; undefined when it is not a web address. */
export function normalizeWebsite(value: string): string | null | undefined {
  const raw = value.trim();
  if (!raw) return null;
  if (raw.length > 200 || hasForbiddenCharacters(raw) || /\s/.test(raw)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname.includes('.')) return undefined;
  return withScheme.length <= 200 ? withScheme : undefined;
}

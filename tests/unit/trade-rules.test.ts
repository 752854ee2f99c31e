// The pure rules of a trade application: a certificate is what its bytes say (never its name or the browser's
// type), the EIN and the website as people type them, where a certificate is stored, and the application's schema.
import { describe, expect, it } from 'vitest';
import { TRADE_ERRORS } from '@/lib/trade/labels';
import {
  certificateDisplayName,
  certificateObjectPath,
  certificateProblem,
  CERTIFICATE_FORMATS,
  CERTIFICATE_MAX_BYTES,
  einProblem,
  normalizeEin,
  normalizeWebsite,
  sniffCertificate,
} from '@/lib/trade/rules';
import { applicationSchema } from '@/lib/trade/schema';
import { canResubmit, fromStoredAddress, toStoredAddress } from '@/lib/trade/types';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new Uint8Array(Buffer.from(s));

describe('certificate files, by content', () => {
  it('knows a PDF, a JPEG and a PNG by their first bytes', () => {
    expect(sniffCertificate(text('%PDF-1.7\n…'))).toBe(CERTIFICATE_FORMATS.pdf);
    expect(sniffCertificate(bytes(0xff, 0xd8, 0xff, 0xdb, 0x00))).toBe(CERTIFICATE_FORMATS.jpeg);
    expect(sniffCertificate(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00))).toBe(CERTIFICATE_FORMATS.png);
  });

  it('refuses everything else, however it is named: HTML, text, GIF, a PDF marker too short or not at the start', () => {
    for (const b of [text('<html>'), text('%PDF'), text(' %PDF-1.4'), text('GIF89a'), bytes(0xff, 0xd8), bytes(0x89, 0x50, 0x4e, 0x47), bytes()]) {
      expect(sniffCertificate(b)).toBeNull();
    }
  });

  it('says why a file cannot be a certificate', () => {
    expect(certificateProblem(bytes())).toBe(TRADE_ERRORS.certificateEmpty);
    expect(certificateProblem(text('plain text'))).toBe(TRADE_ERRORS.certificateType);
    const big = new Uint8Array(CERTIFICATE_MAX_BYTES + 1);
    big.set(text('%PDF-'));
    expect(certificateProblem(big)).toBe(TRADE_ERRORS.certificateTooLarge);
    expect(certificateProblem(text('%PDF-1.4'))).toBeNull();
  });

  it('stores it in the owner’s folder under a name of its own, and shows the browser’s name cleaned', () => {
    expect(certificateObjectPath('AAAAAAAA-0000-4000-8000-000000000001', 'r4nd0m', CERTIFICATE_FORMATS.png)).toBe('aaaaaaaa-0000-4000-8000-000000000001/r4nd0m.png');
    expect(certificateDisplayName('C:\\scans\\permit\u0007 2026.pdf', CERTIFICATE_FORMATS.pdf)).toBe('permit 2026.pdf');
    expect(certificateDisplayName('../../etc/passwd', CERTIFICATE_FORMATS.pdf)).toBe('passwd');
    expect(certificateDisplayName('', CERTIFICATE_FORMATS.jpeg)).toBe('certificate.jpg');
    expect(Array.from(certificateDisplayName('é'.repeat(500), CERTIFICATE_FORMATS.pdf))).toHaveLength(200);
  });
});

describe('EIN', () => {
  it('is nine digits, written 12-3456789 however it was typed', () => {
    expect(normalizeEin('123456789')).toBe('12-3456789');
    expect(normalizeEin(' 12 3456789 ')).toBe('12-3456789');
    expect(normalizeEin('12-3456789')).toBe('12-3456789');
    expect(normalizeEin('12-345678')).toBeNull();
    expect(normalizeEin('12-34567890')).toBeNull();
    expect(normalizeEin('ab-cdefghi')).toBeNull();
  });

  it('refuses a blank, a wrong shape and a prefix the IRS never assigns', () => {
    expect(einProblem('')).toBe(TRADE_ERRORS.taxIdRequired);
    expect(einProblem('1234')).toBe(TRADE_ERRORS.taxIdFormat);
    for (const prefix of ['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']) {
      expect(einProblem(`${prefix}-1234567`)).toBe(TRADE_ERRORS.taxIdPrefix);
    }
    expect(einProblem('12-3456789')).toBeNull();
    expect(einProblem('98-7654321')).toBeNull();
  });
});

describe('website', () => {
  it('adds https:// to a bare address and keeps http(s) ones', () => {
    expect(normalizeWebsite('shop.example')).toBe('https://shop.example');
    expect(normalizeWebsite('http://shop.example/about')).toBe('http://shop.example/about');
    expect(normalizeWebsite('  ')).toBeNull();
  });

  it('refuses other schemes, credentials, spaces, control characters and a host without a dot', () => {
    for (const v of ['javascript:alert(1)', 'ftp://shop.example', 'https://user:pw@shop.example', 'shop example.com', 'shop.example\u0000', 'localhost', 'x'.repeat(201)]) {
      expect(normalizeWebsite(v)).toBeUndefined();
    }
  });
});

describe('the application schema', () => {
  const valid = {
    businessName: ' Gilded Lily ',
    businessType: 'boutique',
    taxId: '123456789',
    website: '',
    phone: '+1 (555) 010-4400',
    address_line1: '12 Market Street',
    address_line2: '',
    city: 'Portland',
    state: 'OR',
    postal_code: '97204',
    country: 'US',
  };

  it('trims, writes the EIN and the website as stored, and leaves an empty website out', () => {
    expect(applicationSchema.parse(valid)).toMatchObject({ businessName: 'Gilded Lily', taxId: '12-3456789', website: null, address_line2: null });
    expect(applicationSchema.parse({ ...valid, website: 'lily.example' }).website).toBe('https://lily.example');
  });

  it('names each bad field with its message, and refuses keys it does not know', () => {
    const errors = (input: Record<string, unknown>) => applicationSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors({ ...valid, businessName: '' })).toEqual([['businessName', TRADE_ERRORS.businessNameRequired]]);
    expect(errors({ ...valid, businessType: 'casino' })).toEqual([['businessType', TRADE_ERRORS.businessTypeRequired]]);
    expect(errors({ ...valid, phone: '12' })).toEqual([['phone', TRADE_ERRORS.phoneInvalid]]);
    expect(errors({ ...valid, country: 'XX' })).toEqual([['country', 'Please choose a country from the list.']]);
    expect(errors({ ...valid, city: 'Port\u202eland' })).toEqual([['city', 'This field must not contain control characters']]);
    expect(errors({ ...valid, owner_id: 'someone-else' })).toEqual([['', 'This form does not take "owner_id".']]);
  });
});

describe('trade account states', () => {
  it('lets an owner change and send again anything but an approved account', () => {
    expect(canResubmit('pending')).toBe(true);
    expect(canResubmit('more_info')).toBe(true);
    expect(canResubmit('declined')).toBe(true);
    expect(canResubmit('approved')).toBe(false);
  });

  it('stores the form’s address in the table’s shape and back', () => {
    const form = { address_line1: '1 Way', address_line2: '', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' };
    expect(toStoredAddress(form)).toEqual({ line1: '1 Way', line2: null, city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' });
    expect(fromStoredAddress(toStoredAddress(form))).toEqual(form);
    expect(fromStoredAddress(null).country).toBe('');
  });
});

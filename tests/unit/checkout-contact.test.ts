// The checkout's e-mail rule, as the form applies it before anything is sent.
import { describe, expect, it } from 'vitest';
import { emailError, EMAIL_INVALID, EMAIL_REQUIRED } from '@/lib/checkout/contact';

describe('emailError', () => {
  it('accepts one plain address, spaces around it ignored', () => {
    for (const ok of ['buyer@shop.example', ' buyer.name+orders@sub.shop.example ', 'ÉLODIE@boutique.example']) {
      expect(emailError(ok), ok).toBeNull();
    }
  });

  it('asks for one when it is missing', () => {
    expect(emailError('')).toBe(EMAIL_REQUIRED);
    expect(emailError('   ')).toBe(EMAIL_REQUIRED);
  });

  it('refuses anything else, header tricks included', () => {
    for (const bad of ['buyer', 'buyer@shop', '@shop.example', 'a@b.example\r\nBcc: x@y.example', 'A <a@b.example>', 'a@b.example, c@d.example', 'a b@c.example', `${'a'.repeat(320)}@b.example`]) {
      expect(emailError(bad), bad).toBe(EMAIL_INVALID);
    }
  });
});

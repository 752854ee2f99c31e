import { describe, expect, it } from 'vitest';
import { emailText, hasForbiddenCharacters, optionalText, text } from '@/lib/core/validation/text';

describe('text()', () => {
  const name = text({ max: 10, min: 1, label: 'Name' });

  it('trims, normalises to NFC and keeps ordinary text', () => {
    expect(name.parse('  Lumie\u0300re ')).toBe('Lumière');
    expect(name.parse('Lumière').normalize('NFC')).toBe('Lumière');
  });

  it.each([
    ['NUL', 'ring\u0000x'],
    ['newline', 'a\nb'],
    ['escape', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['C1', 'a\u0085b'],
    ['line separator', 'a\u2028b'],
    ['bidi override', 'a\u202eb'],
    ['bidi isolate', 'a\u2067b'],
    ['right-to-left mark', 'a\u200fb'],
    ['left-to-right mark', 'a\u200eb'],
    ['Arabic letter mark', 'a\u061cb'],
    ['lone surrogate', 'a\ud800b'],
  ])('refuses %s with a message', (_label, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name must not contain control characters');
  });

  it('enforces length after trimming, with readable messages', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Name is too long (10 characters at most)');
    expect(name.safeParse(42).success).toBe(false);
  });

  it('lets multi-line fields keep newlines and tabs but not NUL', () => {
    const body = text({ max: 100, multiline: true });
    expect(body.parse('Line one\r\nLine two\tend')).toBe('Line one\r\nLine two\tend');
    expect(body.safeParse('a\u0000b').success).toBe(false);
    expect(hasForbiddenCharacters('a\u000bb', true)).toBe(true);
  });

  it('optionalText turns blank into null', () => {
    const o = optionalText({ max: 5 });
    expect(o.parse('')).toBeNull();
    expect(o.parse(undefined)).toBeNull();
    expect(o.parse(null)).toBeNull();
    expect(o.parse(' ab ')).toBe('ab');
    expect(o.safeParse('a\u0000').success).toBe(false);
    expect(o.safeParse('a\u0000').error?.issues[0]?.message).toBe('must not contain control characters');
  });

  it('emailText checks the shape and refuses control characters', () => {
    const email = emailText();
    expect(email.parse(' someone@example.com ')).toBe('someone@example.com');
    expect(email.safeParse('some\u0000one@example.com').success).toBe(false);
    expect(email.safeParse('not-an-email').error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(email.safeParse('').error?.issues[0]?.message).toBe('Email address is required');
  });
});

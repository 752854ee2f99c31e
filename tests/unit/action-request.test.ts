// Server-action requests whose body React cannot decode are refused before Next.js (which would answer 500).
import { describe, expect, it } from 'vitest';
import { refuseMalformedAction } from '@/lib/core/security/action-request';

const action = (body: BodyInit, type = 'text/plain;charset=UTF-8') =>
  new Request('http://shop.test/login', { method: 'POST', headers: { 'next-action': 'a'.repeat(42), 'content-type': type }, body });

describe('server-action request bodies', () => {
  it('lets through what React sends: a JSON argument list, or multipart with its root field', async () => {
    expect(await refuseMalformedAction(action('[]'))).toBeNull();
    expect(await refuseMalformedAction(action('[{"email":"a@b.c"},"$K1"]'))).toBeNull();
    const form = new FormData();
    form.set('0', '[{"error":null},"$K1"]');
    form.set('1_email', 'a@b.c');
    const multipart = new Request('http://shop.test/login', { method: 'POST', headers: { 'next-action': 'x' }, body: form });
    expect(await refuseMalformedAction(multipart)).toBeNull();
  });

  it('refuses bodies React cannot decode with 400, and deep nesting before it overflows the stack', async () => {
    for (const body of ['{', '{"a":1}', '"text"', 'null', '\u0000', '[' .repeat(5000) + ']'.repeat(5000)]) {
      expect((await refuseMalformedAction(action(body)))?.status, body.slice(0, 20)).toBe(400);
    }
    expect((await refuseMalformedAction(action(new Uint8Array([0xff, 0xfe, 0x00]))))?.status).toBe(400);
    const noRoot = new FormData();
    noRoot.set('email', 'a@b.c');
    expect((await refuseMalformedAction(new Request('http://shop.test/', { method: 'POST', headers: { 'next-action': 'x' }, body: noRoot })))?.status).toBe(400);
  });

  it('refuses more than 1 MB with 413, and ignores requests that are not actions', async () => {
    expect((await refuseMalformedAction(action(`["${'x'.repeat(1024 * 1024)}"]`)))?.status).toBe(413);
    expect(await refuseMalformedAction(new Request('http://shop.test/', { method: 'POST', body: '{' }))).toBeNull();
    expect(await refuseMalformedAction(new Request('http://shop.test/'))).toBeNull();
  });
});

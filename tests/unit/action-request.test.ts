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

  it('refuses references React would follow to nothing ($1, $Q1, $h1…), and lets value tags through', async () => {
    const references = ['$1', '$Q1', '$W1', '$h1', '$F1', '$S', '$Y', '$V1', '$A1', '$O1', '$U1', '$b1', '$l1', '$nx', '$i1', '$Z', '$E', '$@1', '$T'];
    for (const ref of references) {
      expect((await refuseMalformedAction(action(JSON.stringify([ref]))))?.status, ref).toBe(400);
      expect((await refuseMalformedAction(action(JSON.stringify([{ nested: [ref] }]))))?.status, ref).toBe(400);
      const form = new FormData();
      form.set('0', JSON.stringify([ref]));
      const multipart = new Request('http://shop.test/login', { method: 'POST', headers: { 'next-action': 'x' }, body: form });
      expect((await refuseMalformedAction(multipart))?.status, ref).toBe(400);
    }
    const values = ['$$1 off', '$K1', '$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0', '$D2026-01-01T00:00:00.000Z', '$n42'];
    expect(await refuseMalformedAction(action(JSON.stringify([{ note: values }])))).toBeNull();
  });

  it('refuses more than 1 MB with 413, and ignores requests that are not actions', async () => {
    expect((await refuseMalformedAction(action(`["${'x'.repeat(1024 * 1024)}"]`)))?.status).toBe(413);
    expect(await refuseMalformedAction(new Request('http://shop.test/', { method: 'POST', body: '{' }))).toBeNull();
    expect(await refuseMalformedAction(new Request('http://shop.test/'))).toBeNull();
  });
});

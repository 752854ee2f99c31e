import { describe, expect, it } from 'vitest';
import { readBodyCapped, readJsonCapped, readTextCapped } from '@/lib/core/request-body';
import { HttpError } from '@/lib/core/errors';

/** A body that never ends unless cancelled, counting how many bytes were pulled from it. */
function endlessBody(chunkSize = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunkSize;
      controller.enqueue(new Uint8Array(chunkSize));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://shop.test/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('capped body reading', () => {
  it('stops reading a chunked body at the cap and cancels the stream', async () => {
    const { stream, state } = endlessBody();
    const error = await readBodyCapped(post(stream), 1024 * 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).message).toBe('The request is too large (1 MB at most).');
    expect(state.pulled).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024);
    expect(state.cancelled).toBe(true);
  });

  it('refuses a declared Content-Length above the cap without reading', async () => {
    const { stream, state } = endlessBody();
    const error = await readBodyCapped(post(stream, { 'content-length': String(200 * 1024 * 1024) }), 64 * 1024).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).message).toBe('The request is too large (64 kB at most).');
    expect(state.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('reads bodies within the cap', async () => {
    expect(await readTextCapped(post('hello'), 10)).toBe('hello');
    expect((await readBodyCapped(post(null), 10)).byteLength).toBe(0);
  });

  it('answers 415 for non-JSON, 400 for broken JSON or broken UTF-8', async () => {
    await expect(readJsonCapped(post('{}', { 'content-type': 'text/plain' }), 100)).rejects.toMatchObject({ status: 415 });
    await expect(readJsonCapped(post('{"a":', { 'content-type': 'application/json' }), 100)).rejects.toMatchObject({ status: 400 });
    await expect(readJsonCapped(post(new Uint8Array([0x7b, 0xff, 0x7d]), { 'content-type': 'application/json' }), 100)).rejects.toMatchObject({
      status: 400,
      message: 'The request body is not valid UTF-8 text.',
    });
    expect(await readJsonCapped(post('{"a":1}', { 'content-type': 'application/json; charset=utf-8' }), 100)).toEqual({ a: 1 });
  });

  it('answers 400 without logging when the client hangs up mid-body; another stream failure stays an error', async () => {
    const failing = (err: Error) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([0x7b]));
          controller.error(err);
        },
      });
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    await expect(readBodyCapped(post(failing(aborted)), 100)).rejects.toMatchObject({ status: 400, code: 'client_closed' });
    const broken = new Error('disk on fire');
    await expect(readBodyCapped(post(failing(broken)), 100)).rejects.toBe(broken);
  });
});

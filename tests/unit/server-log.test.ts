// The test runs' watch over the servers' output: every error-level line (Next's `⨯`, the shop's JSON error lines, the
// stand-ins' errors) fails the run unless a test declared it, and a declaration no line matched fails it too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExpectation, readExpectations, ServerLog, WATCHED_SERVER_ARGS, type ExpectedError } from '@/tests/support/server-log';

function printing(stdout: string, stderr: string) {
  return spawn(process.execPath, ['-e', `process.stdout.write(${JSON.stringify(stdout)}); process.stderr.write(${JSON.stringify(stderr)})`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exited = (child: ReturnType<typeof spawn>) => new Promise((r) => child.on('close', r));

async function watched(stdout: string, stderr: string, name = 'A') {
  const log = new ServerLog();
  const child = printing(stdout, stderr);
  log.watch(child, name, { quiet: true });
  await exited(child);
  return log;
}

const json = (fields: Record<string, unknown>) => `${JSON.stringify({ time: '2026-01-01T00:00:00.000Z', ...fields })}\n`;
const mailFailed = json({ level: 'error', event: 'mail failed for good', to: 'buyer-7f3a9c@mail.test', error: 'connect ECONNREFUSED' });
const declared = (event: string, marker: string): ExpectedError => ({ by: 'mail › a message SMTP refuses', event, marker });

describe('ServerLog', () => {
  it("keeps Next's error lines of either stream, named by server", async () => {
    const log = await watched('Ready\n ⨯ TypeError: controller[kState].transformAlgorithm is not a function\n', ' ⨯ Error: boom\nok\n', 'B');
    expect(log.errors.sort()).toEqual(['[B]  ⨯ Error: boom', '[B]  ⨯ TypeError: controller[kState].transformAlgorithm is not a function']);
    expect(log.report()).toMatch(/2 unexpected error line\(s\)/);
  });

  it("keeps the shop's JSON error lines with their event, and passes its warnings", async () => {
    const log = await watched(json({ level: 'warn', event: 'slow' }), mailFailed + json({ level: 'error', event: 'Listing query failed' }));
    expect(log.lines.map((l) => [l.source, l.event])).toEqual([['A', 'mail failed for good'], ['A', 'Listing query failed']]);
    expect(log.report()).toContain('[A] {"time"');
  });

  it("keeps a stand-in's error lines and drops its others", () => {
    const log = new ServerLog();
    const smtp = log.standIn('smtp');
    smtp('GET /mailbox 200 3ms');
    smtp('smtp: could not store a message: connection ended', 'error');
    expect(log.lines).toEqual([{ source: 'smtp', event: 'smtp', text: 'smtp: could not store a message: connection ended' }]);
  });

  it("judges a watched server's console.error, in any words, as one error line with all its text", async () => {
    const log = new ServerLog();
    const script = `console.error(new Error('Server Reference ID did not match')); console.warn('a warning'); console.error(${JSON.stringify(mailFailed.trim())})`;
    const child = spawn(process.execPath, [...WATCHED_SERVER_ARGS, '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    log.watch(child, 'A', { quiet: true });
    await exited(child);
    expect(log.lines.map((l) => l.event)).toEqual(['console.error', 'mail failed for good']);
    expect(JSON.parse(log.lines[0]!.text).text).toMatch(/^Error: Server Reference ID did not match\n {4}at /);
    expect(log.report([declared('console.error', 'Reference ID did not match'), declared('mail failed for good', 'buyer-7f3a9c')])).toBeNull();
  });

  it('reports nothing for a clean log', async () => {
    const log = await watched('Ready on http://127.0.0.1:3000\n', json({ level: 'warn', event: 'slow' }));
    expect(log.report()).toBeNull();
  });

  it('lets a declared line pass, and only the line of that event holding that marker', async () => {
    const log = await watched('', mailFailed + json({ level: 'error', event: 'mail failed for good', to: 'other@mail.test' }));
    const report = log.report([declared('mail failed for good', 'buyer-7f3a9c')]);
    expect(report).toMatch(/^the server log has 1 unexpected error line\(s\):\n {2}\[A\] .*other@mail\.test/);
    expect(report).not.toContain('buyer-7f3a9c');
    expect(log.expectedCount([declared('mail failed for good', 'buyer-7f3a9c')])).toBe(1);
    expect(log.report([declared('mail failed for good', 'buyer-7f3a9c'), declared('mail failed for good', 'other@mail')])).toBeNull();
  });

  it('reports a declaration no line matched, so a declaration cannot pass a run by itself', async () => {
    const log = await watched('', mailFailed);
    const report = log.report([declared('mail failed for good', 'buyer-7f3a9c'), declared('mail sender pass failed', 'buyer-7f3a9c')]);
    expect(report).toBe(
      "1 expected error line(s) never came:\n  mail sender pass failed with 'buyer-7f3a9c' (declared by mail › a message SMTP refuses)",
    );
  });
});

describe('declarations', () => {
  it('need an event and a marker long enough to name one test’s line', () => {
    expect(() => checkExpectation(declared('mail failed for good', 'mail'))).toThrow(/too short/);
    expect(() => checkExpectation(declared('', 'buyer-7f3a9c'))).toThrow(/names its event/);
  });

  it('are read from the run’s file, none when no test wrote one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'expected-'));
    try {
      const file = join(dir, 'errors.jsonl');
      expect(readExpectations(file)).toEqual([]);
      writeFileSync(file, `${JSON.stringify(declared('smtp', 'buyer-7f3a9c'))}\n`);
      expect(readExpectations(file)).toEqual([declared('smtp', 'buyer-7f3a9c')]);
      writeFileSync(file, `${JSON.stringify(declared('smtp', 'x'))}\n`);
      expect(() => readExpectations(file)).toThrow(/too short/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

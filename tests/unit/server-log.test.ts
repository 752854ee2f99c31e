// The e2e run's watch over the app servers' output: Next's `⨯` error lines fail the run, other lines pass through.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ServerLog } from '@/tests/support/server-log';

function printing(stdout: string, stderr: string) {
  return spawn(process.execPath, ['-e', `process.stdout.write(${JSON.stringify(stdout)}); process.stderr.write(${JSON.stringify(stderr)})`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exited = (child: ReturnType<typeof spawn>) => new Promise((r) => child.on('close', r));

describe('ServerLog', () => {
  it('keeps the error lines of either stream, named by server', async () => {
    const log = new ServerLog();
    const child = printing('Ready\n ⨯ TypeError: controller[kState].transformAlgorithm is not a function\n', ' ⨯ Error: boom\nok\n');
    log.watch(child, 'B', { quiet: true });
    await exited(child);
    expect(log.errors.sort()).toEqual(['[B]  ⨯ Error: boom', '[B]  ⨯ TypeError: controller[kState].transformAlgorithm is not a function']);
    expect(log.report()).toMatch(/2 error line\(s\)/);
  });

  it('reports nothing for a clean log', async () => {
    const log = new ServerLog();
    const child = printing('Ready on http://127.0.0.1:3000\n', '{"level":"warn","event":"slow"}\n');
    log.watch(child, 'A', { quiet: true });
    await exited(child);
    expect(log.report()).toBeNull();
  });
});

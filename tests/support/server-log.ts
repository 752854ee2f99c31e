// The app servers' output, passed through as it comes and watched for Next's error mark: a line with `⨯` is an
// error Next caught while serving (a failed render, a broken stream), which a passing run must not have.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export const SERVER_ERROR_MARK = '⨯';

export class ServerLog {
  readonly errors: string[] = [];

  /** Passes `child`'s stdout and stderr through (or drops them, `quiet`), keeping its error lines. */
  watch(child: ChildProcess, name: string, { quiet = false } = {}): void {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        if (!quiet) out.write(`${line}\n`);
        if (line.includes(SERVER_ERROR_MARK)) this.errors.push(`[${name}] ${line}`);
      });
    }
  }

  /** A message naming every error line, or null when there were none. */
  report(): string | null {
    if (this.errors.length === 0) return null;
    return `the server log has ${this.errors.length} error line(s) marked ${SERVER_ERROR_MARK}:\n${this.errors.slice(0, 50).join('\n')}`;
  }
}

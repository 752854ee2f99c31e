// The servers' output in a test run, passed through as it comes and judged: every error-level line fails the run
// unless a test declared that it provokes it. Error-level are the shop's JSON lines of level error (lib/core/log.ts),
// any other console.error of a server started with WATCHED_SERVER_ARGS, Next's mark `⨯` (an error Next caught while
// serving: a failed render, a broken stream) and the stand-ins' error lines (local-stack/log.ts).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../local-stack/config';
import type { StandInLog } from '../../local-stack/log';

export const SERVER_ERROR_MARK = '⨯';
/** Node's arguments ahead of the app server's script: its console.error lines become JSON error lines. */
export const WATCHED_SERVER_ARGS = ['--import', join(PROJECT_ROOT, 'tests', 'support', 'console-errors.mjs')];
/** A marker shorter than this could match another test's line: a declaration must name its own request. */
export const MIN_MARKER_LENGTH = 8;

/** An error line a test provokes on purpose (tests/e2e/support/expected-errors.ts). */
export interface ExpectedError {
  /** The declaring test, named in the report. */
  by: string;
  /** The JSON line's `event`, or the name of the stand-in that wrote the line. */
  event: string;
  /**
   * Text of the line that only the declaring test's requests put there: an e-mail address or an id it made, or a
   * JSON field with its value (`"mail":42,`).
   */
  marker: string;
}

export interface ErrorLine {
  /** The server or stand-in that wrote it. */
  source: string;
  event: string | null;
  text: string;
}

/** The event of an error-level line of an app server (null when it has none), or undefined for any other line. */
export function errorEvent(line: string): string | null | undefined {
  if (line.startsWith('{')) {
    try {
      const parsed = JSON.parse(line) as { level?: unknown; event?: unknown };
      if (parsed.level !== 'error' && parsed.level !== 'fatal') return undefined;
      return typeof parsed.event === 'string' ? parsed.event : null;
    } catch {
      // not a JSON line after all: judged by its text
    }
  }
  return line.includes(SERVER_ERROR_MARK) ? null : undefined;
}

/** `e`, once it names an event and a marker long enough to be one test's. */
export function checkExpectation(e: ExpectedError): ExpectedError {
  if (!e.event) throw new Error(`${e.by}: an expected error line names its event`);
  if (e.marker.length < MIN_MARKER_LENGTH) throw new Error(`${e.by}: the marker '${e.marker}' is too short to name one test's line`);
  return e;
}

/** The declarations a run's tests wrote to `file`, one JSON line each (none when there is no file). */
export function readExpectations(file: string): ExpectedError[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return text.split('\n').filter(Boolean).map((line) => checkExpectation(JSON.parse(line) as ExpectedError));
}

// In a JSON line the marker's quotes and backslashes are escaped.
const matches = (e: ExpectedError, line: ErrorLine) =>
  line.event === e.event && (line.text.includes(e.marker) || line.text.includes(JSON.stringify(e.marker).slice(1, -1)));
const firstLine = (text: string) => text.split('\n', 1)[0]!;

export class ServerLog {
  readonly lines: ErrorLine[] = [];

  /** The error lines as `[source] text`. */
  get errors(): string[] {
    return this.lines.map((l) => `[${l.source}] ${firstLine(l.text)}`);
  }

  /** Passes `child`'s stdout and stderr through (or drops them, `quiet`), keeping its error lines. */
  watch(child: ChildProcess, name: string, { quiet = false } = {}): void {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        if (!quiet) out.write(`${line}\n`);
        const event = errorEvent(line);
        if (event !== undefined) this.lines.push({ source: name, event, text: line });
      });
    }
  }

  /** A stand-in's log (tests/support/stack.ts): its error lines are kept and printed, the others dropped. */
  readonly standIn = (name: string): StandInLog => (line, level) => {
    if (level !== 'error') return;
    process.stderr.write(`[${name}] ${line}\n`);
    this.lines.push({ source: name, event: name, text: line });
  };

  /**
   * A message naming every error line no declaration in `expected` matches and every declaration no line matched,
   * or null when there are none.
   */
  report(expected: ExpectedError[] = []): string | null {
    const unexpected = this.lines.filter((line) => !expected.some((e) => matches(e, line)));
    const unseen = expected.filter((e) => !this.lines.some((line) => matches(e, line)));
    if (unexpected.length === 0 && unseen.length === 0) return null;
    const parts: string[] = [];
    if (unexpected.length > 0) {
      parts.push(
        `the server log has ${unexpected.length} unexpected error line(s):`,
        ...unexpected.slice(0, 50).map((l) => `  [${l.source}] ${firstLine(l.text)}`),
      );
    }
    if (unseen.length > 0) {
      parts.push(
        `${unseen.length} expected error line(s) never came:`,
        ...unseen.map((e) => `  ${e.event} with '${e.marker}' (declared by ${e.by})`),
      );
    }
    return parts.join('\n');
  }

  /** How many error lines the declarations in `expected` account for, for the run's summary. */
  expectedCount(expected: ExpectedError[]): number {
    return this.lines.filter((line) => expected.some((e) => matches(e, line))).length;
  }
}

// Bench parts that call the app's server modules run in a child Node process with the react-server export
// condition (the modules are marked server-only), as Next.js runs them. The child prints one tagged JSON line.
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../local-stack/config';

/** Runs `file` with --child and returns the JSON object it printed after `tag`. */
export async function runBenchChild<T>(file: string, tag: string, env: Record<string, string> = {}): Promise<T> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', file, '--child'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  const line = out.split('\n').find((l) => l.startsWith(tag));
  if (code !== 0 || !line) throw new Error(`${file} failed (exit ${code}):\n${out}`);
  return JSON.parse(line.slice(tag.length)) as T;
}

/** The child's side: runs `measure` and prints its result after `tag`, exiting 0, or 1 on failure. */
export function reportFromChild(tag: string, measure: () => Promise<unknown>): void {
  measure().then(
    (result) => {
      process.stdout.write(`${tag}${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

const percentile = (sorted: number[], q: number) => +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);

/** Runs, p50, p95 and the slowest of a list of times in ms. */
export function timings(times: number[]): { runs: number; p50_ms: number; p95_ms: number; max_ms: number } {
  const s = [...times].sort((a, b) => a - b);
  return { runs: s.length, p50_ms: percentile(s, 0.5), p95_ms: percentile(s, 0.95), max_ms: percentile(s, 1) };
}

/** A bench part that seeds its rows first, then measures in the child: the figures with what was seeded. */
export async function seededBench(
  name: string,
  seed: () => Promise<Record<string, unknown>>,
  file: string,
  tag: string,
  env: Record<string, string>,
): Promise<Record<string, unknown>> {
  const seeded = await seed();
  console.log(`${name}: seeded`, seeded);
  const measured = await runBenchChild<Record<string, unknown>>(file, tag, env);
  return { seeded, ...measured };
}

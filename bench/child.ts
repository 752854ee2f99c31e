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

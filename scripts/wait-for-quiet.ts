// Timing figures taken while other work loads the machine say little: measurements wait for a quiet machine first.
import { readFile } from 'node:fs/promises';

/** The 1-minute load average (0 where /proc/loadavg does not exist). */
export async function loadAverage(): Promise<number> {
  try {
    return Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0]) || 0;
  } catch {
    return 0;
  }
}

/**
 * Waits until the 1-minute load average is below `max` (MEASURE_MAX_LOAD, default 1.5) or `timeoutMs` has passed,
 * and returns the load at that moment so the figures can be reported with it.
 */
export async function waitForQuiet(timeoutMs = 30 * 60_000): Promise<number> {
  const max = Number(process.env.MEASURE_MAX_LOAD) || 1.5;
  const until = Date.now() + timeoutMs;
  let load = await loadAverage();
  let told = false;
  while (load >= max && Date.now() < until) {
    if (!told) console.log(`waiting for a quiet machine (1-minute load ${load}, measuring below ${max})...`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    load = await loadAverage();
  }
  return load;
}

// The server's worker plan: one worker per core unless WEB_CONCURRENCY says otherwise, and the server's database
// connections (DATABASE_POOL_SIZE) shared out so that workers × pool never exceeds them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_MB, DEFAULT_MALLOC_ARENAS, DEFAULT_POOL_SIZE, DEFAULT_SEMI_SPACE_MB, workerPlan } from '@/lib/core/http/workers.mjs';

describe('workerPlan', () => {
  it('starts one worker per core by default, with the default pool shared out and the default heap', () => {
    expect(workerPlan({}, 2)).toEqual({ workers: 2, poolSize: DEFAULT_POOL_SIZE / 2, heapMb: DEFAULT_HEAP_MB, semiSpaceMb: DEFAULT_SEMI_SPACE_MB, mallocArenas: DEFAULT_MALLOC_ARENAS });
    expect(workerPlan({}, 1)).toEqual({ workers: 1, poolSize: DEFAULT_POOL_SIZE, heapMb: DEFAULT_HEAP_MB, semiSpaceMb: DEFAULT_SEMI_SPACE_MB, mallocArenas: DEFAULT_MALLOC_ARENAS });
    expect(workerPlan({}, 0).workers).toBe(1);
  });

  it('takes WEB_CONCURRENCY over the core count', () => {
    expect(workerPlan({ WEB_CONCURRENCY: '3' }, 8).workers).toBe(3);
    expect(workerPlan({ WEB_CONCURRENCY: '1' }, 8)).toMatchObject({ workers: 1, poolSize: DEFAULT_POOL_SIZE });
  });

  it('keeps workers × pool within DATABASE_POOL_SIZE', () => {
    for (const [workers, total] of [[2, 10], [3, 10], [4, 7], [8, 64], [5, 5]] as const) {
      const plan = workerPlan({ WEB_CONCURRENCY: String(workers), DATABASE_POOL_SIZE: String(total) }, 2);
      expect(plan.workers * plan.poolSize, `${workers} workers, ${total} connections`).toBeLessThanOrEqual(total);
      expect(plan.poolSize).toBe(Math.floor(total / workers));
    }
  });

  it('refuses fewer connections than workers, naming both variables', () => {
    expect(() => workerPlan({ WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '2' }, 2)).toThrow(
      /DATABASE_POOL_SIZE \(2\) is less than WEB_CONCURRENCY \(4\)/,
    );
    expect(() => workerPlan({ DATABASE_POOL_SIZE: '1' }, 2)).toThrow(/WEB_CONCURRENCY \(2\)/);
  });

  it('sets the heap limit, the young generation and the malloc arenas from WORKER_HEAP_MB, WORKER_SEMI_SPACE_MB and MALLOC_ARENA_MAX', () => {
    expect(workerPlan({ WORKER_HEAP_MB: '384' }, 2).heapMb).toBe(384);
    expect(workerPlan({ WORKER_SEMI_SPACE_MB: '32' }, 2).semiSpaceMb).toBe(32);
    expect(workerPlan({ MALLOC_ARENA_MAX: '8' }, 2).mallocArenas).toBe(8);
  });

  it('refuses values that are not whole positive numbers, naming the variable', () => {
    expect(() => workerPlan({ WEB_CONCURRENCY: 'many' }, 2)).toThrow(/WEB_CONCURRENCY/);
    expect(() => workerPlan({ DATABASE_POOL_SIZE: '0' }, 2)).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => workerPlan({ WORKER_HEAP_MB: '1.5' }, 2)).toThrow(/WORKER_HEAP_MB/);
    expect(() => workerPlan({ WORKER_SEMI_SPACE_MB: '-8' }, 2)).toThrow(/WORKER_SEMI_SPACE_MB/);
    expect(() => workerPlan({ MALLOC_ARENA_MAX: 'two' }, 2)).toThrow(/MALLOC_ARENA_MAX/);
  });
});

// The server's worker plan: one worker per core as far as its database connections allow, and the connections it opens
// (DATABASE_POOL_SIZE shared out, plus each worker's two cache-tag connections) never more than DATABASE_MAX_CONNECTIONS.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HEAP_MB,
  DEFAULT_MALLOC_ARENAS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_POOL_SIZE,
  DEFAULT_SEMI_SPACE_MB,
  TAG_CONNECTIONS_PER_WORKER,
  workerPlan,
} from '@/lib/core/http/workers.mjs';

const connections = (workers: number, pool: number) => pool + TAG_CONNECTIONS_PER_WORKER * workers;

describe('workerPlan', () => {
  it('starts one worker per core by default, with the default pool shared out and the default heap', () => {
    expect(workerPlan({}, 2)).toEqual({
      workers: 2,
      poolSize: DEFAULT_POOL_SIZE / 2,
      connections: connections(2, DEFAULT_POOL_SIZE),
      maxConnections: DEFAULT_MAX_CONNECTIONS,
      cores: 2,
      capped: false,
      heapMb: DEFAULT_HEAP_MB,
      semiSpaceMb: DEFAULT_SEMI_SPACE_MB,
      mallocArenas: DEFAULT_MALLOC_ARENAS,
    });
    expect(workerPlan({}, 1)).toMatchObject({ workers: 1, poolSize: DEFAULT_POOL_SIZE });
    expect(workerPlan({}, 0).workers).toBe(1);
  });

  it('starts on a host of any size, with as many workers as the default connections fit', () => {
    // 10 + 2 × 2 = 14: two workers. Before, 12 or 64 cores asked for 12 or 64 workers and refused to start.
    for (const cores of [12, 16, 64, 256, 3, 4, 8]) {
      const plan = workerPlan({}, cores);
      expect(plan.workers, `${cores} cores`).toBe(2);
      expect(plan.capped, `${cores} cores`).toBe(true);
      expect(plan.connections, `${cores} cores`).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS);
    }
  });

  it('fits more workers into a larger DATABASE_MAX_CONNECTIONS, never more than the pool or the cores', () => {
    expect(workerPlan({ WEB_CONCURRENCY: '2' }, 16).capped).toBe(false);
    expect(workerPlan({ DATABASE_MAX_CONNECTIONS: '40' }, 16)).toMatchObject({ workers: 10, poolSize: 1, connections: 30 });
    expect(workerPlan({ DATABASE_MAX_CONNECTIONS: '40', DATABASE_POOL_SIZE: '16' }, 16)).toMatchObject({ workers: 12, poolSize: 1, connections: 40 });
    expect(workerPlan({ DATABASE_MAX_CONNECTIONS: '200', DATABASE_POOL_SIZE: '40' }, 8)).toMatchObject({ workers: 8, poolSize: 5, connections: 56 });
    // Without shared cache tags a worker needs no connection beside its share of the pool.
    expect(workerPlan({ SHARED_CACHE_TAGS: 'off' }, 16)).toMatchObject({ workers: 10, poolSize: 1, connections: 10 });
  });

  it('takes WEB_CONCURRENCY over the core count', () => {
    expect(workerPlan({ WEB_CONCURRENCY: '1' }, 8)).toMatchObject({ workers: 1, poolSize: DEFAULT_POOL_SIZE, connections: 12 });
    expect(workerPlan({ WEB_CONCURRENCY: '3', DATABASE_MAX_CONNECTIONS: '16' }, 8)).toMatchObject({ workers: 3, poolSize: 3, connections: 16 });
  });

  it('keeps workers × pool within DATABASE_POOL_SIZE and the whole within DATABASE_MAX_CONNECTIONS', () => {
    for (const [workers, total] of [[2, 10], [3, 10], [4, 7], [8, 64], [5, 5]] as const) {
      const max = connections(workers, total);
      const plan = workerPlan({ WEB_CONCURRENCY: String(workers), DATABASE_POOL_SIZE: String(total), DATABASE_MAX_CONNECTIONS: String(max) }, 2);
      expect(plan.workers * plan.poolSize, `${workers} workers, ${total} connections`).toBeLessThanOrEqual(total);
      expect(plan.poolSize).toBe(Math.floor(total / workers));
      expect(plan.connections).toBe(max);
    }
  });

  it('refuses a plan that needs more connections than DATABASE_MAX_CONNECTIONS, with the arithmetic', () => {
    expect(() => workerPlan({ WEB_CONCURRENCY: '4' }, 8)).toThrow(
      "4 workers would open up to 18 database connections (DATABASE_POOL_SIZE 10 + 2 × 4 workers' cache-tag connections), more than DATABASE_MAX_CONNECTIONS (14)",
    );
    expect(() => workerPlan({ DATABASE_POOL_SIZE: '20' }, 2)).toThrow(/up to 22 database connections .* more than DATABASE_MAX_CONNECTIONS \(14\)/);
    expect(() => workerPlan({ DATABASE_POOL_SIZE: '20', SHARED_CACHE_TAGS: 'off' }, 2)).toThrow(
      /2 workers would open up to 20 database connections \(DATABASE_POOL_SIZE 20\), more than DATABASE_MAX_CONNECTIONS \(14\)/,
    );
  });

  it('refuses fewer connections than workers, naming both variables', () => {
    expect(() => workerPlan({ WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '2' }, 2)).toThrow(
      /DATABASE_POOL_SIZE \(2\) is less than WEB_CONCURRENCY \(4\)/,
    );
  });

  it('sets the heap limit, the young generation and the malloc arenas from WORKER_HEAP_MB, WORKER_SEMI_SPACE_MB and MALLOC_ARENA_MAX', () => {
    expect(workerPlan({ WORKER_HEAP_MB: '384' }, 2).heapMb).toBe(384);
    expect(workerPlan({ WORKER_SEMI_SPACE_MB: '32' }, 2).semiSpaceMb).toBe(32);
    expect(workerPlan({ MALLOC_ARENA_MAX: '8' }, 2).mallocArenas).toBe(8);
  });

  it('refuses values that are not whole positive numbers, naming the variable', () => {
    expect(() => workerPlan({ WEB_CONCURRENCY: 'many' }, 2)).toThrow(/WEB_CONCURRENCY/);
    expect(() => workerPlan({ DATABASE_POOL_SIZE: '0' }, 2)).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => workerPlan({ DATABASE_MAX_CONNECTIONS: '-1' }, 2)).toThrow(/DATABASE_MAX_CONNECTIONS/);
    expect(() => workerPlan({ WORKER_HEAP_MB: '1.5' }, 2)).toThrow(/WORKER_HEAP_MB/);
    expect(() => workerPlan({ WORKER_SEMI_SPACE_MB: '-8' }, 2)).toThrow(/WORKER_SEMI_SPACE_MB/);
    expect(() => workerPlan({ MALLOC_ARENA_MAX: 'two' }, 2)).toThrow(/MALLOC_ARENA_MAX/);
  });
});

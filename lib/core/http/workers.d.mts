export interface WorkerPlan {
  workers: number;
  poolSize: number;
  /** The most database connections the server opens: the pools and the workers' cache-tag connections. */
  connections: number;
  maxConnections: number;
  cores: number;
  /** Fewer workers than cores because DATABASE_MAX_CONNECTIONS fits no more (WEB_CONCURRENCY unset). */
  capped: boolean;
  heapMb: number;
  semiSpaceMb: number;
  mallocArenas: number;
}
export declare const DEFAULT_POOL_SIZE: number;
export declare const TAG_CONNECTIONS_PER_WORKER: number;
export declare const DEFAULT_MAX_CONNECTIONS: number;
export declare const DEFAULT_HEAP_MB: number;
export declare const DEFAULT_SEMI_SPACE_MB: number;
export declare const DEFAULT_MALLOC_ARENAS: number;
export declare const SHUTDOWN_DRAIN_MS: number;
export declare function workerPlan(env: Record<string, string | undefined>, cores?: number): WorkerPlan;
export declare function markDraining(): void;
export declare function isDraining(): boolean;
export declare function superviseWorkers(plan: WorkerPlan, address: string): Promise<number>;
export declare function identifyWorker(server: import('node:http').Server): void;
export declare function onStopAccepting(stopAccepting: () => unknown): void;

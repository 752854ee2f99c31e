export interface WorkerPlan {
  workers: number;
  poolSize: number;
  heapMb: number;
  semiSpaceMb: number;
  mallocArenas: number;
}
export declare const DEFAULT_POOL_SIZE: number;
export declare const DEFAULT_HEAP_MB: number;
export declare const DEFAULT_SEMI_SPACE_MB: number;
export declare const DEFAULT_MALLOC_ARENAS: number;
export declare function workerPlan(env: Record<string, string | undefined>, cores?: number): WorkerPlan;
export declare function superviseWorkers(plan: WorkerPlan, address: string): Promise<number>;
export declare function identifyWorker(server: import('node:http').Server): void;

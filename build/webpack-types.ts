// The few parts of webpack's API the build plugins use (next.config.ts hands them Next.js's bundled webpack).

export interface Source {
  source(): string | Buffer;
}

export interface Webpack {
  Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE: number; PROCESS_ASSETS_STAGE_REPORT: number };
  sources: { ConcatSource: new (...parts: Array<string | Source>) => Source; RawSource: new (buffer: Buffer) => Source };
}

export interface InitialChunk {
  canBeInitial(): boolean;
  files: Iterable<string>;
  /** The chunk groups it belongs to: entry points (initial) and lazy-loaded groups. */
  groupsIterable: Iterable<{ name?: string | null; isInitial(): boolean }>;
}

export interface Compilation {
  chunks: Iterable<InitialChunk>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, fn: () => void): void } };
  getAssets(): ReadonlyArray<{ name: string; source: Source }>;
  updateAsset(file: string, update: (source: Source) => Source): void;
  emitAsset(file: string, source: Source): void;
}

export interface Compiler {
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: Compilation) => void): void } };
}

export type SplitChunks = { cacheGroups?: Record<string, unknown> } | false | undefined;

export interface ClientConfig {
  optimization?: { splitChunks?: SplitChunks };
  plugins?: unknown[];
}

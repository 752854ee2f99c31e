// How the browser's chunks are cut and marked (production client build only): see shapeClientChunks.
import type { ClientConfig, Compiler, InitialChunk, SplitChunks, Webpack } from './webpack-types';

/**
 * Client modules of the root and storefront layouts that pages use too (the cart, the toaster, ShopLink, icons,
 * next/navigation) were copied into each layout's and page's chunk: Next.js splits out shared code only above 20 kB.
 * They go into one chunk instead, which every page under those layouts loads anyway (one request: each costs headers
 * too).
 */
type ChunkGraph = { getModuleChunksIterable(module: unknown): Iterable<{ name?: string | null }> };
const FRAME_LAYOUTS = new Set(['app/layout', 'app/(shop)/layout']);
/** Storefront page entries (app/(shop)/…/page): the listing and product routes share their code with each other. */
const SHOP_PAGE = /^app\/\(shop\)\/.*\/page$/;
function splitLayoutModules(splitChunks: SplitChunks) {
  if (!splitChunks || !splitChunks.cacheGroups) return;
  // Webpack's default group split the code that the five product routes (and the listing routes) share into one or
  // two chunks of their own beside each page's entry: one request more on every first visit (headers and all) for
  // a cache win only when a shopper goes on to another category's route. A shop page keeps its code in its entry.
  splitChunks.cacheGroups.default = {
    minChunks: 2,
    priority: -20,
    reuseExistingChunk: true,
    chunks: (chunk: { name?: string | null }) => !SHOP_PAGE.test(chunk.name ?? ''),
  };
  splitChunks.cacheGroups.frame = {
    name: 'frame',
    chunks: 'initial',
    minSize: 0,
    minChunks: 2,
    // Below the framework and large-library groups.
    priority: 20,
    test(module: unknown, { chunkGraph }: { chunkGraph: ChunkGraph }) {
      // Packages too: next/navigation's re-export module, used by ShopLink, the shop layout and pages, was copied into
      // each of their chunks. React and the large libraries stay in their higher-priority groups.
      return Array.from(chunkGraph.getModuleChunksIterable(module)).some((chunk) => FRAME_LAYOUTS.has(chunk.name ?? ''));
    },
  };
}

/**
 * V8 compiles a script's functions lazily, on the main thread, when each is first called; a script that starts with
 * this magic comment is compiled whole while it is parsed, on a background thread (Chrome 136+; to other engines it
 * is a comment). Every chunk a page loads through its own script tags runs nearly all its code while the page hydrates
 * (React, the Next.js runtime, the layouts and the page), so those carry it. On a phone-speed CPU this takes a large
 * share of the main thread's script time off a product page (measured by npm run lighthouse). Chunks loaded later, on idle or on demand, do not; nor
 * do chunks only the back office loads: its screens carry much code that runs only when used (CSV import, drag and
 * drop, dialogs), which would be compiled for nothing.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Whether a page outside the back office loads the chunk through its script tags (entry names are app paths). */
function loadedByShopPages(chunk: InitialChunk): boolean {
  return Array.from(chunk.groupsIterable).some((group) => group.isInitial() && !(group.name ?? '').startsWith('app/admin/'));
}

function compileHintsPlugin(webpack: Webpack) {
  const name = 'CompileHints';
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        // After minification (which drops comments), before the real content hashes are taken.
        const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE;
        compilation.hooks.processAssets.tap({ name, stage }, () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.canBeInitial() || !loadedByShopPages(chunk)) continue;
            for (const file of chunk.files) {
              if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        });
      });
    },
  };
}

/** The production browser build: layout modules in one frame chunk, and compile hints on the chunks pages load. */
export function shapeClientChunks(config: ClientConfig, webpack: Webpack): void {
  splitLayoutModules(config.optimization?.splitChunks);
  (config.plugins ??= []).push(compileHintsPlugin(webpack));
}

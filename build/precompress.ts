// Compressed copies of the browser's scripts and styles (brotli and gzip, each at its best level), written beside
// them by the production client build and served by scripts/serve.mjs (lib/core/http/precompressed-static.mjs). Next.js
// gzips on the fly, and not at all below 1 kB: brotli makes a product page's scripts smaller than gzip does
// (measured by npm run lighthouse), and no request spends CPU compressing them.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler, Webpack } from './webpack-types';

const PRECOMPRESSED = /\.(?:js|css)$/;

export function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
}

export function gzip(data: Buffer): Buffer {
  return gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
}

export function precompressPlugin(webpack: Webpack) {
  const name = 'Precompress';
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        // Last, once every file has its final content and name.
        compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          for (const asset of compilation.getAssets()) {
            if (!PRECOMPRESSED.test(asset.name)) continue;
            const content = asset.source.source();
            const data = typeof content === 'string' ? Buffer.from(content) : content;
            compilation.emitAsset(`${asset.name}.br`, new webpack.sources.RawSource(brotli(data)));
            compilation.emitAsset(`${asset.name}.gz`, new webpack.sources.RawSource(gzip(data)));
          }
        });
      });
    },
  };
}

// Writes a gzip copy next to every script, stylesheet, JSON and HTML file of a
// production build. The gateway serves it with `gzip_static on` instead of
// compressing on each request at its own, lower level: smaller files at no CPU
// cost per request. The copy is made with Zopfli, a slower encoder of the same
// gzip format that makes smaller files than zlib's level 9 (bench/README.md,
// "The first load"); every browser reads it.
// Without the .gz file nginx still compresses on the fly, so a copy that lacks
// them keeps working.
import { gzipAsync } from '@gfx/zopfli';

const COMPRESSIBLE = /\.(js|mjs|css|json|html)$/;
// nginx's gzip_min_length for the dynamic case: smaller files go as they are.
const MIN_BYTES = 512;

export class PrecompressPlugin {
  apply(compiler) {
    const name = 'PrecompressPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async (assets) => {
          const work = Object.entries(assets)
            .filter(([file, source]) => COMPRESSIBLE.test(file) && source.size() >= MIN_BYTES)
            .map(async ([file, source]) => {
              const gz = await gzipAsync(source.buffer(), { numiterations: 60 });
              compilation.emitAsset(`${file}.gz`, new sources.RawSource(Buffer.from(gz)));
            });
          await Promise.all(work);
        },
      );
    });
  }
}

// Writes a gzip copy (level 9) next to every script, stylesheet, JSON and HTML
// file of a production build. The gateway serves it with `gzip_static on`
// instead of compressing on each request at its own, lower level: smaller
// files at no CPU cost per request. Without the .gz file nginx still
// compresses on the fly, so a copy that lacks them keeps working.
import { gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|json|html)$/;
// nginx's gzip_min_length for the dynamic case: smaller files go as they are.
const MIN_BYTES = 512;

export class PrecompressPlugin {
  apply(compiler) {
    const name = 'PrecompressPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [file, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(file)) continue;
            const buffer = source.buffer();
            if (buffer.length < MIN_BYTES) continue;
            const gz = gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION });
            compilation.emitAsset(`${file}.gz`, new sources.RawSource(gz));
          }
        },
      );
    });
  }
}

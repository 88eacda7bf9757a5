// Puts V8's explicit compile hint, the magic comment `//# allFunctionsCalledOnLoad`, at the top
// of the scripts whose code runs while a page loads (the shell's main.js and first-load.js, a
// remote's remoteEntry.js and exposed App chunk). Chromium then compiles every function of such
// a file eagerly, on the background thread that already parses the file while it downloads,
// instead of lazily on the main thread the first time each function is called. Those lazy
// compiles made the first tasks after the first paint long (Total Blocking Time); the work that
// remains on the main thread is running the code. Other browsers read an ordinary comment.
// Files loaded only when needed (a dialog, a later route) keep lazy compilation: eager
// compilation of code that may never run would cost memory and background CPU for nothing.
//
// It runs after minification (which would drop the comment) and before the content hash, so a
// file's name still changes with its bytes.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export class CompileHintsPlugin {
  /** @param {{ test: RegExp }} options which emitted .js files run on load */
  constructor({ test }) {
    this.test = test;
  }

  apply(compiler) {
    const name = 'CompileHintsPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        (assets) => {
          const hinted = Object.keys(assets).filter(
            (file) => file.endsWith('.js') && this.test.test(file),
          );
          if (hinted.length === 0) {
            compilation.warnings.push(
              new compiler.webpack.WebpackError(`${name}: no script matches ${this.test}`),
            );
          }
          for (const file of hinted) {
            compilation.updateAsset(
              file,
              (source) => new sources.ConcatSource(COMPILE_HINT, source),
            );
          }
        },
      );
    });
  }
}

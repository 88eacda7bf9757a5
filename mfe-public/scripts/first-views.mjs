// Part of `npm run build` (after rspack build): renders the public pages' first views
// (src/first-view.server.tsx) in every language and writes them into dist/ next to the manifest, as
//   dist/fragment.<view>.<lang>.html      (landing, school × nl, en)
// A release publishes them with the rest of the build, so a rollback takes them back too.
// The gateway includes the current version's fragment into the shell's index.html (SSI,
// docs/architecture.md); the fragment brings the remote's stylesheet inline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { appConfig } from '@nsa/web-kit/rspack-remote';

const packageDir = new URL('../', import.meta.url);
const dist = fileURLToPath(new URL('dist/', packageDir));

/** The exposed App's stylesheets, from the manifest the build just wrote. */
function appStylesheets() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const app = manifest.exposes?.find((e) => e.name === 'App');
  const files = app?.assets?.css?.sync ?? [];
  for (const file of files) {
    if (!/^[\w.-]+\.css$/.test(file)) throw new Error(`first-views: odd stylesheet name ${file}`);
  }
  return files;
}

/** src/first-view.server.tsx bundled for Node with the remote's own build settings. */
async function compile(outDir) {
  const base = appConfig({ name: 'mfe_public_first_view', packageDir });
  const config = {
    ...base,
    target: 'node',
    entry: { 'first-view': './src/first-view.server.tsx' },
    output: {
      ...base.output,
      path: outDir,
      filename: '[name].cjs',
      chunkFilename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    module: {
      ...base.module,
      // Styles are the browser build's business; here an import of one is a no-op.
      rules: [
        ...base.module.rules.filter((rule) => String(rule.test) !== String(/\.css$/)),
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: false,
  };
  const stats = await new Promise((resolve, reject) =>
    rspack(config, (err, result) => (err ? reject(err) : resolve(result))),
  );
  if (stats.hasErrors()) {
    throw new Error(`first-views: ${stats.toString({ all: false, errors: true })}`);
  }
  return createRequire(import.meta.url)(path.join(outDir, 'first-view.cjs'));
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-public-first-view-'));
try {
  const { FIRST_VIEWS, LANGUAGES, renderFirstView } = await compile(outDir);
  // The remote's stylesheet goes into the fragment inline: a <link> in the body would hold
  // the parser, and the first paint, until a second file has arrived (docs/architecture.md).
  const styles = appStylesheets()
    .map((file) => {
      const css = fs.readFileSync(path.join(dist, file), 'utf8');
      // Nothing in it may end the element, be read as an SSI command, or point to a file
      // relative to the stylesheet's own folder.
      if (/<\/style|<!--#|url\(/i.test(css)) {
        throw new Error(`first-views: ${file} cannot be inlined (</style, <!--# or url()`);
      }
      return `<style data-first-view>${css}</style>`;
    })
    .join('');
  for (const view of Object.keys(FIRST_VIEWS)) {
    for (const language of LANGUAGES) {
      const file = path.join(dist, `fragment.${view}.${language}.html`);
      fs.writeFileSync(file, `${styles}${await renderFirstView(view, language)}\n`);
      console.log(`first view: ${path.relative(process.cwd(), file)}`);
    }
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}

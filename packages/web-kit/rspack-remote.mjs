// The one Rspack configuration of every remote (production builds are only the
// federated container; the standalone page, src/standalone.tsx, is for
// development), and the part of it the shell's configuration shares.
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationSharing, sharedAliases } from './mf-shared.mjs';
import { CompileHintsPlugin } from './compile-hints.mjs';
import { PrecompressPlugin } from './precompress.mjs';

// What the shell puts on globalThis for the remotes' federation runtime
// (shell/src/runtime-plugins/provide-federation-sdk.cjs). Like runtime-core
// (experiments.externalRuntime), the remotes' production builds take these
// packages from the shell instead of each bundling a copy (about 5 KiB gzip).
export const FEDERATION_GLOBALS = {
  '@module-federation/sdk': '__NSA_FEDERATION_SDK__',
  '@module-federation/error-codes': '__NSA_FEDERATION_ERROR_CODES__',
};

/**
 * The container runtime's import of the webpack bundler runtime (by its absolute path), which
 * production builds replace with packages/web-kit/src/federation/bundler-runtime.cjs: the
 * shell's copy of its functions, the remote's own state.
 */
const BUNDLER_RUNTIME = /[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;
const REMOTE_BUNDLER_RUNTIME = fileURLToPath(
  new URL('./src/federation/bundler-runtime.cjs', import.meta.url),
);

const isDev = () => process.env.NODE_ENV === 'development';

/**
 * The browsers the CSS is minified for: those of the JavaScript's ES2020, with the Firefox
 * that has `system-ui`. For older targets Lightning CSS would spell `system-ui` out as nine
 * families, and a browser looks each one up before its first layout (docs/architecture.md).
 */
const CSS_TARGETS = [
  'chrome >= 80',
  'edge >= 80',
  'firefox >= 92',
  'safari >= 14',
  'ios_saf >= 14',
  'samsung >= 13',
];

/**
 * The build settings the shell and the remotes share: production unless
 * NODE_ENV=development, file names with a content hash, TypeScript and CSS,
 * output in the package's dist folder.
 * @param {{ name: string, packageDir: URL }} app
 *   name: the build's unique name (shell, mfe_public); packageDir: the package folder URL.
 */
export function appConfig({ name, packageDir }) {
  const dev = isDev();
  const here = (path) => fileURLToPath(new URL(path, packageDir));
  const fileName = (ext) => (dev ? `[name].${ext}` : `[name].[contenthash:8].${ext}`);
  return {
    mode: dev ? 'development' : 'production',
    context: here('.'),
    target: ['web', 'es2020'],
    // Never an eval devtool: the gateway's CSP has no 'unsafe-eval'.
    devtool: dev ? 'cheap-module-source-map' : false,
    output: {
      path: here('dist'),
      filename: fileName('js'),
      chunkFilename: fileName('js'),
      cssFilename: fileName('css'),
      cssChunkFilename: fileName('css'),
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: sharedAliases() },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    optimization: {
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({
          minimizerOptions: { targets: CSS_TARGETS },
        }),
      ],
    },
    // rspack serve would otherwise compile dynamic imports on first request;
    // keep the dev bundle shaped like the production one.
    lazyCompilation: false,
  };
}

/**
 * The configuration of a remote.
 * @param {{ name: string, devPort: number, packageDir: URL }} remote
 *   name: the federation name (mfe_public); packageDir: the remote's package folder URL.
 */
export function remoteConfig({ name: NAME, devPort: DEV_PORT, packageDir }) {
  const dev = isDev();
  const base = appConfig({ name: NAME, packageDir });
  return {
    ...base,
    // The production build is only the federated container; the standalone
    // page (src/standalone.tsx) exists for local development only.
    entry: dev ? { main: './src/main.ts' } : {},
    output: {
      ...base.output,
      // Chunks resolve relative to where remoteEntry.js was loaded from, so the
      // same files work under /mfe/<name>/ or a versioned /mfe/<name>/1.2.3/.
      publicPath: 'auto',
    },
    // The standalone dev page has no shell, so it bundles its own copies.
    externals: dev ? {} : FEDERATION_GLOBALS,
    externalsType: 'global',
    plugins: [
      ...(dev
        ? []
        : [new rspack.NormalModuleReplacementPlugin(BUNDLER_RUNTIME, REMOTE_BUNDLER_RUNTIME)]),
      new ModuleFederationPlugin({
        name: NAME,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/export-app.tsx' },
        ...federationSharing(new URL('./package.json', packageDir)),
        // Use the shell's federation runtime instead of bundling a copy. The
        // standalone dev page has no shell, so it keeps its own.
        experiments: { externalRuntime: !dev, optimization: { target: 'web' } },
        dts: false,
      }),
      ...(dev
        ? []
        : [
            // What every page of this remote runs on load: the container and the App it exposes.
            new CompileHintsPlugin({
              test: /^(remoteEntry|__federation_expose_App\.[0-9a-f]+)\.js$/,
            }),
            new PrecompressPlugin(),
          ]),
      ...(dev
        ? [
            new rspack.HtmlRspackPlugin({
              template: fileURLToPath(import.meta.resolve('@nsa/web-kit/standalone.html')),
              title: `${NAME} (standalone)`,
              // Absolute URLs so deep links like /schools/x work; only the
              // standalone bundle, not the container, belongs on this page.
              publicPath: '/',
              chunks: ['main'],
            }),
          ]
        : []),
    ],
    devServer: {
      // Loopback only; pass --host to try it from a phone on the LAN.
      host: 'localhost',
      port: DEV_PORT,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        { context: ['/api'], target: `http://localhost:${process.env.GATEWAY_PORT ?? 8080}` },
      ],
    },
  };
}

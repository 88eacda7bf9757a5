// The one Rspack configuration of every remote: production builds are only the
// federated container; the standalone page (src/standalone.tsx) is for development.
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationSharing, sharedAliases } from './mf-shared.mjs';
import { PrecompressPlugin } from './precompress.mjs';

/**
 * @param {{ name: string, devPort: number, packageDir: URL }} remote
 *   name: the federation name (mfe_public); packageDir: the remote's package folder URL.
 */
// What the shell puts on globalThis for the remotes' federation runtime
// (shell/src/runtime-plugins/provide-federation-sdk.cjs). Like runtime-core
// (experiments.externalRuntime), the remotes' production builds take these
// packages from the shell instead of each bundling a copy (about 5 KiB gzip).
export const FEDERATION_GLOBALS = {
  '@module-federation/sdk': '__NSA_FEDERATION_SDK__',
  '@module-federation/error-codes': '__NSA_FEDERATION_ERROR_CODES__',
};

export function remoteConfig({ name: NAME, devPort: DEV_PORT, packageDir }) {
  const here = (path) => fileURLToPath(new URL(path, packageDir));
  const isDev = process.env.NODE_ENV === 'development';
  return {
    mode: isDev ? 'development' : 'production',
    context: here('.'),
    // The production build is only the federated container; the standalone
    // page (src/standalone.tsx) exists for local development only.
    entry: isDev ? { main: './src/main.ts' } : {},
    target: ['web', 'es2020'],
    // Never an eval devtool: the gateway's CSP has no 'unsafe-eval'.
    devtool: isDev ? 'cheap-module-source-map' : false,
    output: {
      path: here('dist'),
      // Chunks resolve relative to where remoteEntry.js was loaded from, so the
      // same files work under /mfe/<name>/ or a versioned /mfe/<name>/1.2.3/.
      publicPath: 'auto',
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      uniqueName: NAME,
      clean: true,
    },
    // The standalone dev page has no shell, so it bundles its own copies.
    externals: isDev ? {} : FEDERATION_GLOBALS,
    externalsType: 'global',
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
              transform: { react: { runtime: 'automatic', development: isDev } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: NAME,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/export-app.tsx' },
        ...federationSharing(new URL('./package.json', packageDir)),
        // Use the shell's federation runtime instead of bundling a copy. The
        // standalone dev page has no shell, so it keeps its own.
        experiments: { externalRuntime: !isDev, optimization: { target: 'web' } },
        dts: false,
      }),
      ...(isDev ? [] : [new PrecompressPlugin()]),
      ...(isDev
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
    // rspack serve would otherwise compile dynamic imports on first request;
    // keep the dev bundle shaped like the production one.
    lazyCompilation: false,
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

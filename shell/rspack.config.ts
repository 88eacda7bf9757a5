import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationSharing, sharedAliases } from '@nsa/web-kit/mf-shared';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const isDev = process.env.NODE_ENV === 'development';

// In development each remote runs its own dev server (npm -w mfe-x run dev);
// the shell proxies to them so the registry's same-origin URLs still work.
const remoteDevPorts = { public: 3001, admin: 3002, provider: 3003 };

export default defineConfig({
  mode: isDev ? 'development' : 'production',
  context: here('.'),
  entry: { main: './src/index.ts' },
  target: ['web', 'es2020'],
  // Never an eval devtool: the gateway's CSP has no 'unsafe-eval'.
  devtool: isDev ? 'cheap-module-source-map' : false,
  output: {
    path: here('dist'),
    publicPath: '/',
    filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
    chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
    cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
    cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
    uniqueName: 'shell',
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
    new rspack.HtmlRspackPlugin({ template: './index.html', scriptLoading: 'defer' }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
    new ModuleFederationPlugin({
      name: 'shell',
      // Remotes come from /mfe-registry.json at run time, never from the build.
      remotes: {},
      ...federationSharing(new URL('./package.json', import.meta.url)),
      runtimePlugins: [
        here('src/runtime-plugins/retry-manifest.ts'),
        here('src/runtime-plugins/report-load-errors.ts'),
      ],
      // The remotes use this copy of the federation runtime instead of each
      // shipping their own.
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      manifest: false,
      dts: false,
    }),
  ],
  // rspack serve would otherwise compile dynamic imports on first request;
  // keep the dev bundle shaped like the production one.
  lazyCompilation: false,
  devServer: {
    // Loopback only; pass --host to try it from a phone on the LAN.
    host: 'localhost',
    port: 3000,
    historyApiFallback: true,
    proxy: [
      ...Object.entries(remoteDevPorts).map(([name, port]) => ({
        context: [`/mfe/${name}/`],
        target: `http://localhost:${port}`,
        pathRewrite: { [`^/mfe/${name}`]: '' },
      })),
      { context: ['/api'], target: `http://localhost:${process.env.GATEWAY_PORT ?? 8080}` },
    ],
  },
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack, type Compiler } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationSharing } from '@nsa/web-kit/mf-shared';
import { CompileHintsPlugin } from '@nsa/web-kit/compile-hints';
import { PrecompressPlugin } from '@nsa/web-kit/precompress';
import { appConfig } from '@nsa/web-kit/rspack-remote';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  STAFF_LANGUAGES,
  type Language,
} from '../packages/web-kit/src/languages.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const isDev = process.env.NODE_ENV === 'development';

// In development each remote runs its own dev server (npm -w mfe-x run dev);
// the shell proxies to them so the registry's same-origin URLs still work.
const remoteDevPorts = { public: 3001, admin: 3002, provider: 3003 };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The texts index.html needs from a language file of the shell. */
function shellTexts(language: Language): {
  productName: string;
  skipToContent: string;
  label: string;
} {
  const t = JSON.parse(readFileSync(here(`src/i18n/${language}.json`), 'utf8')) as {
    productName: string;
    skipToContent: string;
    language: { label: string };
  };
  return { productName: t.productName, skipToContent: t.skipToContent, label: t.language.label };
}

/**
 * The header as the shell renders it (components/Header.tsx, LanguageSwitcher.tsx), drawn before
 * any script has run; React replaces it in place. Its buttons do nothing until then, so they
 * are disabled. One per language and per set of languages a page offers (public: all six;
 * staff: the admin and provider screens' two).
 */
function staticHeader(language: Language, languages: readonly Language[]): string {
  const t = shellTexts(language);
  const buttons = languages
    .map(
      (lng) =>
        `<button type="button" lang="${lng}" aria-pressed="${lng === language}" disabled>` +
        `${lng.toUpperCase()} <span class="visually-hidden">${escapeHtml(LANGUAGE_NAMES[lng])}</span></button>`,
    )
    .join('');
  return (
    '<header class="site-header">' +
    `<a class="skip-link" href="#content">${escapeHtml(t.skipToContent)}</a>` +
    `<a class="brand" href="/">${escapeHtml(t.productName)}</a>` +
    `<div class="language-switcher" role="group" aria-label="${escapeHtml(t.label)}">${buttons}</div>` +
    '</header>'
  );
}

/**
 * Every page needs the shell's bootstrap chunk and the shared packages it
 * provides (React, the router, i18next, …), but the browser would only learn
 * of them once main.js has run. The loader (PaintFirstPlugin) fetches them
 * alongside main.js instead of one round trip later: their names are its
 * data-preload. Not preload links in <head>: the first paint needs none of them,
 * but a script that arrives before the paint is taken for render-blocking by
 * Lighthouse's simulation, which then waited for them before the first paint
 * (bench/README.md, "Paint first").
 */
class PreloadFirstLoadPlugin {
  apply(compiler: Compiler) {
    const name = 'PreloadFirstLoadPlugin';
    compiler.hooks.compilation.tap(name, (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      hooks.alterAssetTagGroups.tap(name, (data) => {
        const files = new Set<string>();
        for (const group of compilation.chunkGroups) {
          const firstLoad = group.origins.some(
            (origin) =>
              origin.request === './bootstrap' ||
              (origin.module?.identifier() ?? '').startsWith('provide shared module'),
          );
          if (!firstLoad) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
        }
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const scripts = [...files].filter((file) => file.endsWith('.js')).sort();
        const styles = [...files].filter((file) => file.endsWith('.css')).sort();
        if (scripts.length === 0) {
          compilation.warnings.push(new rspack.WebpackError(`${name}: found no chunks to preload`));
        }
        const main = data.headTags.find((tag) => tag.tagName === 'script');
        if (!main) throw new Error(`${name}: index.html has no script tag`);
        main.attributes['data-preload'] = scripts.map((file) => publicPath + file).join(' ');
        data.headTags.push(
          ...styles.map((file) => ({
            tagName: 'link',
            voidTag: true,
            attributes: { rel: 'preload', as: 'style', href: publicPath + file },
          })),
        );
        return data;
      });
    });
  }
}

/**
 * Paint first (docs/architecture.md): index.html does not load main.js itself but a tiny loader
 * (boot/paint-first.js, content-hashed) that loads it at once, or, when the gateway has put a
 * first view into the page, right after the browser has painted it.
 */
class PaintFirstPlugin {
  apply(compiler: Compiler) {
    const name = 'PaintFirstPlugin';
    const source = readFileSync(here('boot/paint-first.js'), 'utf8');
    const file = `paint-first.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(file, new rspack.sources.RawSource(source)),
      );
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        name,
        (data) => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const scripts = data.headTags.filter((tag) => tag.tagName === 'script');
          const main = scripts[0];
          const src = main?.attributes.src;
          if (scripts.length !== 1 || typeof src !== 'string') {
            throw new Error(`${name}: expected one script tag, found ${scripts.length}`);
          }
          // Blocking, not deferred: the loader's own work comes before the first paint.
          const { defer: _defer, src: _src, ...rest } = main.attributes;
          main.attributes = { ...rest, src: publicPath + file, 'data-main': src };
          return data;
        },
      );
    });
  }
}

/**
 * Server-side composition (docs/architecture.md): the gateway composes index.html with SSI.
 * The page gets its language from the gateway ($gw_page_lang: ?lng=, else the visitor's
 * nsa_lang cookie, else Dutch; on admin and provider pages only Dutch or English), with its
 * direction ($gw_page_dir: rtl for Arabic); the static header is drawn in that language with
 * the languages the page offers ($gw_page_header, e.g. public-ar or staff-en), and the content
 * slot gets the first view a remote rendered for the route (the gateway's /.gw-first-view;
 * nothing on other routes or when the remote is down). The shell knows none of the remotes'
 * texts. Production builds only: the development server has no SSI.
 */
class ServerIncludesPlugin {
  apply(compiler: Compiler) {
    const name = 'ServerIncludesPlugin';
    const replaceOnce = (html: string, from: string | RegExp, to: string) => {
      const match = html.match(from);
      if (!match) throw new Error(`${name}: index.html has no ${String(from)}`);
      return html.replace(match[0], to);
    };
    // <!--# if … --> one <!--# elif … --> other <!--# else --> the Dutch one <!--# endif -->
    const choose = (variable: string, cases: [string, string][], otherwise: string) =>
      cases
        .map(
          ([value, html], i) =>
            `<!--# ${i === 0 ? 'if' : 'elif'} expr="$${variable} = ${value}" -->${html}`,
        )
        .join('') + `<!--# else -->${otherwise}<!--# endif -->`;
    const titles = LANGUAGES.filter((lng) => lng !== 'nl').map(
      (lng) => [lng, escapeHtml(shellTexts(lng).productName)] as [string, string],
    );
    const headers: [string, string][] = [
      ...LANGUAGES.filter((lng) => lng !== 'nl').map(
        (lng) => [`public-${lng}`, staticHeader(lng, LANGUAGES)] as [string, string],
      ),
      ...STAFF_LANGUAGES.map(
        (lng) => [`staff-${lng}`, staticHeader(lng, STAFF_LANGUAGES)] as [string, string],
      ),
    ];
    compiler.hooks.compilation.tap(name, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(name, (data) => {
        let html = replaceOnce(
          data.html,
          '<html lang="nl" dir="ltr">',
          '<html lang="<!--# echo var="gw_page_lang" default="nl" -->" dir="<!--# echo var="gw_page_dir" default="ltr" -->">',
        );
        html = replaceOnce(
          html,
          /<title>[^<]*<\/title>/,
          `<title>${choose('gw_page_lang', titles, escapeHtml(shellTexts('nl').productName))}</title>`,
        );
        html = replaceOnce(
          html,
          staticHeader('nl', LANGUAGES),
          choose('gw_page_header', headers, staticHeader('nl', LANGUAGES)),
        );
        html = replaceOnce(
          html,
          '<div id="content" class="content"></div>',
          '<div id="content" class="content"><!--# include virtual="/.gw-first-view" --></div>',
        );
        data.html = html;
        return data;
      });
    });
  }
}

// Mode, file names, TypeScript and CSS as every remote has them.
const base = appConfig({ name: 'shell', packageDir: new URL('./', import.meta.url) });
const sharing = federationSharing(new URL('./package.json', import.meta.url));

export default defineConfig({
  ...base,
  entry: { main: './src/index.ts' },
  output: { ...base.output, publicPath: '/' },
  plugins: [
    new rspack.HtmlRspackPlugin({
      template: './index.html',
      scriptLoading: 'defer',
      // index.html draws the header before the scripts run, in the default language.
      templateParameters: {
        productName: escapeHtml(shellTexts('nl').productName),
        header: staticHeader('nl', LANGUAGES),
      },
    }),
    ...(isDev
      ? []
      : [new PreloadFirstLoadPlugin(), new PaintFirstPlugin(), new ServerIncludesPlugin()]),
    ...(isDev
      ? []
      : [
          // What every page runs on load (main.js, the shared first-load files).
          new CompileHintsPlugin({ test: /^(main|first-load(-dom)?)\.[0-9a-f]+\.js$/ }),
          new PrecompressPlugin(),
        ]),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
    new ModuleFederationPlugin({
      name: 'shell',
      // Remotes come from /mfe-registry.json at run time, never from the build.
      remotes: {},
      ...sharing,
      runtimePlugins: [
        ...sharing.runtimePlugins,
        here('src/runtime-plugins/provide-federation-sdk.cjs'),
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
  // The two first-load files are about 350 KB before compression (108 KiB gzip) on purpose.
  performance: { maxAssetSize: 400_000 },
  optimization: {
    ...base.optimization,
    splitChunks: {
      cacheGroups: {
        // What every page loads before it can render (the shared packages the shell provides,
        // web-kit and the shell's own code, but not its texts in other languages than Dutch) as
        // two files: two
        // requests instead of eleven, and they compress better. React DOM (with its scheduler)
        // is the first: each script is evaluated in a task of its own, and the finishing of an
        // eagerly compiled file's code is part of that task (docs/architecture.md), too long a
        // task for the two as one file (bench/README.md, "The first load").
        firstLoadDom: {
          test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
          name: 'first-load-dom',
          chunks: 'async',
          enforce: true,
          priority: 10,
        },
        firstLoad: {
          test: /[\\/](node_modules|packages[\\/]web-kit|shell[\\/]src)[\\/](?!i18n[\\/](?!nl\.json$))/,
          name: 'first-load',
          chunks: 'async',
          enforce: true,
        },
      },
    },
  },
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

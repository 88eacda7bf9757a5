/// <reference types="node" />
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, CompileHintsPlugin } from '../compile-hints.mjs';

/** A production build of an entry that loads a second chunk on demand; answers the files. */
async function build(hint = true): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  writeFileSync(
    join(dir, 'index.js'),
    "/* a comment the minifier drops */\nimport('./later.js').then((m) => m.later());\n",
  );
  writeFileSync(join(dir, 'later.js'), 'export function later() { return 42; }\n');
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    output: {
      path: join(dir, 'dist'),
      filename: '[name].[contenthash:8].js',
      chunkFilename: 'later.[contenthash:8].js',
    },
    plugins: hint ? [new CompileHintsPlugin({ test: /^main\.[0-9a-f]+\.js$/ })] : [],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString()));
      else compiler.close(() => resolve());
    }),
  );
  const out = join(dir, 'dist');
  return Object.fromEntries(
    readdirSync(out).map((file) => [file, readFileSync(join(out, file), 'utf8')]),
  );
}

describe('compile hints', () => {
  it('puts the hint on the first line of a matching script, after minification, and not on the others', async () => {
    const files = await build();
    const main = Object.entries(files).find(([file]) => file.startsWith('main.'));
    const later = Object.entries(files).find(([file]) => file.startsWith('later.'));
    expect(main?.[1].startsWith(COMPILE_HINT)).toBe(true);
    expect(main?.[1]).not.toContain('a comment the minifier drops');
    expect(later?.[1]).not.toContain('allFunctionsCalledOnLoad');
  });

  it('gives a hinted script another name than the same script without the hint', async () => {
    const name = (files: Record<string, string>) =>
      Object.keys(files).find((f) => f.startsWith('main.'));
    const [hinted, plain] = await Promise.all([build(true), build(false)]);
    expect(plain[name(plain)!]?.startsWith('//')).toBe(false);
    expect(name(hinted)).not.toBe(name(plain));
  });
});

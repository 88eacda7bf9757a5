/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedMap } from '../mf-shared.mjs';

// The apps import shared packages by their own names, but what is shared is a
// facade listing part of each package (src/shared/). An import the facade does
// not list would be undefined at run time, so every name the apps import must
// be there.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const APP_SOURCES = ['shell/src', 'mfe-public/src', 'mfe-admin/src', 'mfe-provider/src'].map(
  (dir) => join(root, dir),
);
APP_SOURCES.push(fileURLToPath(new URL('../src', import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'shared' ? [] : sourceFiles(path);
    // *.server.tsx runs at build time in Node (a remote's first view), and web-kit's testing*.ts
    // only in tests: never as a shared module.
    return /\.tsx?$/.test(entry.name) &&
      !/\.(d|server)\.tsx?$/.test(entry.name) &&
      !/^testing[\w-]*\.tsx?$/.test(entry.name)
      ? [path]
      : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/@]/g, '\\$&');

/** Value names imported (or re-exported) from `pkg`; '*' or 'default' for other forms. */
function importedNames(source: string, pkg: string): string[] {
  const names: string[] = [];
  const from = `from\\s+'${escape(pkg)}'`;
  for (const match of source.matchAll(
    new RegExp(`(?:import|export)\\s+(type\\s+)?([^;]*?)\\s*${from}`, 'g'),
  )) {
    if (match[1]) continue;
    const clause = match[2]!.trim();
    const braces = /\{([^}]*)\}/.exec(clause);
    if (!braces) {
      names.push(clause.startsWith('*') ? '*' : 'default');
      continue;
    }
    if (!clause.startsWith('{')) names.push('default');
    for (const part of braces[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

function facadeExports(file: string): Set<string> {
  const source = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

const facades = Object.entries(sharedMap()).flatMap(([pkg, config]) =>
  config.import ? [[pkg, config.import] as const] : [],
);
const files = APP_SOURCES.flatMap(sourceFiles);

describe('shared facades', () => {
  it('exist for the large shared packages', () => {
    expect(facades.map(([pkg]) => pkg).sort()).toEqual([
      '@tanstack/react-query',
      'react-i18next',
      'react-router-dom',
    ]);
  });

  it('reads the apps’ imports', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(importedNames("import { a, type B, c as d } from 'x';", 'x')).toEqual(['a', 'c']);
    expect(importedNames("import type { A } from 'x';", 'x')).toEqual([]);
    expect(importedNames("import * as x from 'x';", 'x')).toEqual(['*']);
  });

  for (const [pkg, facade] of facades) {
    it(`${pkg}: every name the apps import is in its facade`, () => {
      const exported = facadeExports(facade);
      const missing = new Set<string>();
      for (const file of files) {
        for (const name of importedNames(readFileSync(file, 'utf8'), pkg)) {
          if (!exported.has(name)) missing.add(`${name} (${file.slice(root.length)})`);
        }
      }
      expect([...missing]).toEqual([]);
    });
  }
});

/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// A component a reader takes in at once: no React component of this package is longer than
// this. A longer one is split by what its parts do (a hook for its state, components for its
// sections), not cut at the line.
const MAX_LINES = 200;
const src = fileURLToPath(new URL('../src/', import.meta.url));

function components(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return components(file);
    return entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

/** Lines as an editor numbers them: a final newline does not start another. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

it(`no component in src is longer than ${MAX_LINES} lines`, () => {
  const files = components(src);
  expect(files.length).toBeGreaterThan(0);
  const tooLong = files
    .map((file) => ({ file, lines: lineCount(fs.readFileSync(file, 'utf8')) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${path.relative(src, file)}: ${lines} lines`);
  expect(tooLong).toEqual([]);
});

// The structure rules the linter keeps (docs/architecture.md, "Service shape"): each fails on a
// probe file that breaks it. The tree itself passing them is the lint step of `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repo });
});

/** The rule ids a probe file at `file` (relative to the repository) breaks. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('lint rules of the service shape', () => {
  it('a domain file may not import the service context, Sequelize or its query types', async () => {
    const file = 'svc-catalog/src/domain/lint-probe.ts';
    expect(
      await broken(
        file,
        "import type { ServiceContext } from '@nsa/service-kit';\nexport type C = ServiceContext;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await broken(
        file,
        "import { QueryTypes } from '@nsa/service-kit';\nexport const q = QueryTypes.SELECT;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await broken(
        file,
        "import type { Sequelize } from 'sequelize';\nexport type S = Sequelize;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    // What the domain is given instead passes.
    expect(
      await broken(
        file,
        "import type { Transaction, Transactor } from '@nsa/service-kit';\nexport type T = [Transaction, Transactor];\n",
      ),
    ).toEqual([]);
  });

  it('data access may not import the domain, and entry points may not import data access', async () => {
    expect(
      await broken(
        'svc-registrations/src/data-access/lint-probe.ts',
        "import { MSG } from '../domain/messages.js';\nexport const m = MSG;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await broken(
        'svc-registrations/src/entry-points/http/lint-probe.ts',
        "import * as r from '../../data-access/registrations.js';\nexport const x = r;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  describe('import cycles', () => {
    const dir = path.join(repo, 'packages/calendar/src', `lint-probe-${process.pid}`);
    beforeAll(() => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'a.ts'),
        "import { b } from './b.js';\nexport const a = () => b;\n",
      );
      fs.writeFileSync(
        path.join(dir, 'b.ts'),
        "import { a } from './a.js';\nexport const b = () => a;\n",
      );
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('a module that imports one that imports it back fails', async () => {
      const results = await eslint.lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
      for (const r of results)
        expect(
          r.messages.map((m) => m.ruleId),
          path.basename(r.filePath),
        ).toContain('import-x/no-cycle');
    });
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withOrganisation } from '../src/context.js';
import { ErasureLedger } from '../src/erasure-ledger.js';

const dirs: string[] = [];
function ledgerFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-'));
  dirs.push(dir);
  return path.join(dir, 'sub', 'erasures');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the erasure ledger (R-ERASURE-LEDGER)', () => {
  it("keeps each erasure's organisation, so a replay does it as that organisation's work; a line of before is organisation 1's (R-ORG-RLS)", async () => {
    const file = ledgerFile();
    const ledger = new ErasureLedger(file);
    ledger.prepare();
    await withOrganisation(2, () => ledger.append({ kind: 'parent', registrationIds: [9] }));
    await ledger.append({ kind: 'parent', registrationIds: [8] });
    fs.appendFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), kind: 'parent', registrationIds: [5] })}\n`,
    );
    expect(ledger.read().map((e) => [e.registrationIds[0], e.organisation])).toEqual([
      [9, 2],
      [8, 1],
      [5, undefined],
    ]);
  });

  it('appends one line per erasure with no personal data, the address as a keyed hash', async () => {
    const file = ledgerFile();
    const ledger = new ErasureLedger(file);
    ledger.prepare();
    await ledger.append({ kind: 'parent', registrationIds: [7] });
    await ledger.append({ kind: 'admin', registrationIds: [3, 4], email: ' Ann@Example.nl ' });
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toMatch(/ann|example/i);
    expect(text.trim().split('\n')).toHaveLength(2);
    const [parent, admin] = ledger.read();
    expect(parent).toMatchObject({ kind: 'parent', registrationIds: [7] });
    expect(parent!.subject).toBeUndefined();
    expect(admin).toMatchObject({ kind: 'admin', registrationIds: [3, 4] });
    // The same address, however written, and only it; another ledger's key gives another hash.
    expect(admin!.subject).toBe(ledger.subjectHash('ann@example.nl'));
    expect(admin!.subject).not.toBe(ledger.subjectHash('joann@example.nl'));
    expect(new ErasureLedger(ledgerFile()).subjectHash('ann@example.nl')).not.toBe(admin!.subject);
    // The key is made once, readable by its owner alone, and kept beside the ledger.
    expect(fs.statSync(`${file}.key`).mode & 0o777).toBe(0o600);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(new ErasureLedger(file).subjectHash('ann@example.nl')).toBe(admin!.subject);
    for (const line of text.trim().split('\n'))
      expect(Date.parse((JSON.parse(line) as { at: string }).at)).toBeGreaterThan(0);
  });

  it('takes appends from two processes at once, every line whole, with one key', async () => {
    const file = ledgerFile();
    const kit = path.resolve(import.meta.dirname, '../dist/erasure-ledger.js');
    const writer = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `import { ErasureLedger } from ${JSON.stringify(kit)};
             const l = new ErasureLedger(${JSON.stringify(file)});
             l.prepare();
             for (let i = 0; i < 200; i++)
               await l.append({ kind: 'admin', registrationIds: [${n} * 1000 + i],
                 email: 'p' + i + '@example.nl' });`,
          ],
          { stdio: 'inherit' },
        );
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
      });
    await Promise.all([writer(1), writer(2)]);
    const entries = new ErasureLedger(file).read();
    expect(entries).toHaveLength(400);
    expect(new Set(entries.map((e) => e.registrationIds[0])).size).toBe(400);
    // Both processes hashed under the one key: the same address gives the same subject.
    const ledger = new ErasureLedger(file);
    const of5 = entries.filter(
      (e) => e.registrationIds[0] === 1005 || e.registrationIds[0] === 2005,
    );
    expect(of5.map((e) => e.subject)).toEqual([
      ledger.subjectHash('p5@example.nl'),
      ledger.subjectHash('p5@example.nl'),
    ]);
  }, 60_000);

  it('skips a line cut short by a crash, and reads an absent ledger as empty', async () => {
    const file = ledgerFile();
    expect(new ErasureLedger(file).read()).toEqual([]);
    const ledger = new ErasureLedger(file);
    ledger.prepare();
    await ledger.append({ kind: 'parent', registrationIds: [1] });
    fs.appendFileSync(file, '{"at":"2026-01-01T00:00:00.000Z","kind":"par');
    expect(ledger.read().map((e) => e.registrationIds)).toEqual([[1]]);
  });
});

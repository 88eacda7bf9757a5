// Independent micro-frontend releases (docs/architecture.md, Frontend): a changed mfe-public is
// published under its own version with `npm run release:mfe` (deploy/release/mfe-release.mjs),
// the running shell picks it up on the next page load with no shell rebuild, and
// `npm run rollback:mfe` brings the previous version back.
import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/settings.js';
import { expect, remoteRoot, test, text } from './fixtures.js';

const RELEASE_TOOL = path.join(repoRoot, 'deploy', 'release', 'mfe-release.mjs');

/** The release tool as an operator runs it, against the test stack's DATA_DIR. */
function tool(args: string[], dataDir: string): string {
  const res = spawnSync(process.execPath, [RELEASE_TOOL, ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
  });
  expect(res.status, `mfe-release ${args.join(' ')}: ${res.stdout}${res.stderr}`).toBe(0);
  return res.stdout;
}

/**
 * A "new build" of mfe-public without running Rspack: its dist copied, with the landing
 * title changed in the bundle that carries the texts and in the landing page's first view
 * (the fragments the gateway includes, docs/architecture.md).
 */
function changedBuild(dir: string, from: string, to: string): void {
  fs.cpSync(path.join(repoRoot, 'mfe-public', 'dist'), dir, { recursive: true });
  const patch = (suffix: string) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(suffix))
      .filter((f) => {
        const file = path.join(dir, f);
        const content = fs.readFileSync(file, 'utf8');
        if (!content.includes(from)) return false;
        fs.writeFileSync(file, content.split(from).join(to));
        return true;
      });
  expect(patch('.js').length, `a bundle of mfe-public containing "${from}"`).toBeGreaterThan(0);
  expect(patch('.nl.html'), `the Dutch first views containing "${from}"`).toContain(
    'fragment.landing.nl.html',
  );
}

/** The landing page's first HTML response: the first view the gateway put into it. */
async function firstHtml(page: Page): Promise<string> {
  return (await page.request.get('/')).text();
}

test('a new mfe-public is released and rolled back while the shell keeps running', async ({
  page,
  stack,
}) => {
  const title = text('mfe_public', 'nl', 'landing.title');
  const version = `e2e-${Date.now()}`;
  const changedTitle = `${title} (versie ${version})`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-release-e2e-'));
  const registryBefore = fs.readFileSync(stack.registryFile, 'utf8');
  const historyFile = `${stack.registryFile}.history.json`;
  const historyBefore = fs.existsSync(historyFile)
    ? fs.readFileSync(historyFile, 'utf8')
    : undefined;
  const releasedDir = path.join(stack.dataDir, 'mfe', 'public', version);
  const landingTitle = remoteRoot(page, 'mfe_public', 'landing').locator('h1');
  try {
    await page.goto('/');
    await expect(landingTitle).toHaveText(title);

    changedBuild(path.join(work, 'build'), title, changedTitle);
    const out = tool(
      ['release', 'public', '--from', path.join(work, 'build'), '--version', version],
      stack.dataDir,
    );
    expect(out).toContain(`released mfe-public ${version}`);
    const registry = JSON.parse(fs.readFileSync(stack.registryFile, 'utf8')) as Record<
      string,
      string
    >;
    expect(registry.mfe_public).toBe(`/mfe/public/${version}/mf-manifest.json`);
    expect(fs.existsSync(path.join(releasedDir, 'mf-manifest.json'))).toBe(true);

    // The same shell, reloaded: it reads the registry again and loads the new version.
    const manifest = page.waitForResponse((r) =>
      r.url().endsWith(`/mfe/public/${version}/mf-manifest.json`),
    );
    await page.reload();
    expect((await manifest).status()).toBe(200);
    await expect(landingTitle).toHaveText(changedTitle);
    // The first view in the page's HTML is the new version's too.
    expect(await firstHtml(page)).toContain(`<h1>${changedTitle}</h1>`);
    // The new version's files come from its versioned path, cached as the gateway caches them.
    const entry = await page.request.get(`/mfe/public/${version}/remoteEntry.js`);
    expect(entry.status()).toBe(200);
    expect(entry.headers()['cache-control']).toBe('no-cache');

    tool(['rollback', 'public'], stack.dataDir);
    expect(fs.readFileSync(stack.registryFile, 'utf8')).toContain(
      '"mfe_public": "/mfe/public/mf-manifest.json"',
    );
    await page.reload();
    await expect(landingTitle).toHaveText(title);
    // ... and so is the first view, back to the previous version's.
    const html = await firstHtml(page);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).not.toContain(changedTitle);
    // Other remotes were never touched.
    const after = JSON.parse(fs.readFileSync(stack.registryFile, 'utf8')) as Record<string, string>;
    const before = JSON.parse(registryBefore) as Record<string, string>;
    expect(after.mfe_admin).toBe(before.mfe_admin);
    expect(after.mfe_provider).toBe(before.mfe_provider);
  } finally {
    // Leave the stack as the other tests expect it.
    fs.writeFileSync(stack.registryFile, registryBefore);
    if (historyBefore === undefined) fs.rmSync(historyFile, { force: true });
    else fs.writeFileSync(historyFile, historyBefore);
    fs.rmSync(releasedDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
});

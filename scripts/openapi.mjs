// `npm run openapi`: writes the API's description (R-API-DOC), one OpenAPI 3.1 document of the
// whole /api, from each service's route list (svc-*/src/entry-points/http/api-doc.ts) and the
// health route every service answers, to gateway/api-docs/openapi.json, which the gateway
// serves at /api/openapi.json. Reads the services' builds: run `npm run build:backend` first.
//
//   node scripts/openapi.mjs          (writes the file)
//   node scripts/openapi.mjs --check  (exit 1 if it is out of date)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { SERVICES } from '../packages/contracts/src/services.mjs';
import { root } from './workspaces.mjs';

export const documentFile = path.join(root, 'gateway', 'api-docs', 'openapi.json');

/** The services whose routes the document describes, and where their list is exported. */
export const SERVICE_LISTS = SERVICES.filter((s) => s.openapi).map((s) => [s.folder, s.openapi]);

export async function buildDocument() {
  const kit = await import('@nsa/service-kit/openapi');
  const apis = [kit.healthApi];
  for (const [pkg, name] of SERVICE_LISTS) {
    const mod = await import(`${pkg}/dist/src/entry-points/http/api-doc.js`);
    apis.push(mod[name]);
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return kit.openApiDocument(apis, { version });
}

/** The file's text: formatted as the repository formats JSON. */
export async function renderDocument() {
  const options = await prettier.resolveConfig(documentFile);
  return prettier.format(JSON.stringify(await buildDocument()), { ...options, parser: 'json' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = await renderDocument();
  const current = fs.existsSync(documentFile) ? fs.readFileSync(documentFile, 'utf8') : '';
  const rel = path.relative(process.cwd(), documentFile);
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(`out of date: ${rel} (run npm run build:backend && npm run openapi)`);
      process.exit(1);
    }
  } else if (current !== text) {
    fs.mkdirSync(path.dirname(documentFile), { recursive: true });
    fs.writeFileSync(documentFile, text);
    console.log(`wrote ${rel}`);
  }
}

// R-SEC-LOGS: the links that carry a secret (a school's page, a provider
// link, a password link, the parent's own link) and a sign-up's personal data are used through
// the gateway, and afterwards no log the stack wrote (gateway access and error logs, every
// service, NATS) holds any of those secrets, any school's token, or the
// child's name and the parent's email.
import fs from 'node:fs';
import path from 'node:path';
import type { GeneratedProviderLink, School } from '@nsa/contracts';
import { apiGet, apiPost, birthDateForAge, createCatalog, signUp, unique } from '../lib/data.js';
import { expect, loginAsAdmin, test } from './fixtures.js';

/** Every file under the directories, with its text. */
function logFiles(dirs: string[]): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push({ file: p, text: fs.readFileSync(p, 'utf8') });
    }
  };
  dirs.forEach(walk);
  return out;
}

test('no log of the stack holds a secret link token, a school token or the personal data of a sign-up', async ({
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const tag = unique();
  const catalog = await createCatalog(request, tag, [
    { title: `Logboek ${tag}`, weekday: 2, startTime: '15:00' },
  ]);
  const activityId = catalog.activities[0]!.id;
  const child = { first: `Loglijn${tag}`, last: 'Geheim' };
  const email = `log-${tag}@ouders.example`;
  await signUp(request, catalog.school.accessToken, {
    activityId,
    childFirstName: child.first,
    childLastName: child.last,
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: `Ouder ${tag}`,
    email,
    phone: '0612345678',
  });
  const { url } = await apiPost<GeneratedProviderLink>(
    request,
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const providerToken = new URL(url).searchParams.get('token')!;
  const linkToken = `Zm9v${tag}YmFyLWxpbmstdG9rZW4tZm9yLXRlc3Q`;
  const school = catalog.school.accessToken;

  for (const p of [
    `/schools/${school}`,
    `/api/schools/by-token/${school}`,
    `/schools/${'f'.repeat(32)}`,
    `/provider/${activityId}?token=${encodeURIComponent(providerToken)}`,
    `/api/provider/${activityId}/participants?token=${encodeURIComponent(providerToken)}`,
    `/api/provider/${activityId}/participants?token=${linkToken}`,
    `/reset-password?token=${linkToken}`,
    `/my-signup?token=${linkToken}`,
  ]) {
    expect((await request.get(p)).status(), p).toBeLessThan(500);
  }
  await request.post('/api/auth/reset', {
    data: { token: linkToken, newPassword: 'een nieuw wachtwoord' },
  });
  await request.get('/api/my-signup', { headers: { 'X-Manage-Token': linkToken } });
  await request.get(`/api/activities?schoolId=${catalog.school.id}`, {
    headers: { 'X-School-Token': school },
  });

  const schools = await apiGet<School[] | { data: School[] }>(request, '/api/schools');
  const allSchoolTokens = (Array.isArray(schools) ? schools : schools.data).map(
    (s) => s.accessToken,
  );
  expect(allSchoolTokens).toContain(school);
  const secrets: Record<string, string> = {
    'provider token': providerToken,
    'link token': linkToken,
    'child name': child.first,
    'parent email': email,
  };
  allSchoolTokens.forEach((t, i) => (secrets[`school token ${i}`] = t));

  // The gateway writes its access line after the answer; the services log as they go.
  await new Promise((r) => setTimeout(r, 500));
  // The mail catcher stands in for the organisation's mail server, which is given the
  // parent's address to deliver to; it is not one of the product's logs.
  const files = logFiles([stack.logDir, stack.gatewayLogDir]).filter(
    (f) => path.basename(f.file) !== 'maildev.log',
  );
  expect(files.map((f) => path.basename(f.file))).toEqual(
    expect.arrayContaining(['catalog.log', 'registrations.log', 'identity.log', 'notify.log']),
  );
  expect(files.some((f) => f.file.endsWith('access.log') && f.text.includes('/provider/'))).toBe(
    true,
  );
  const hits: string[] = [];
  for (const { file, text } of files) {
    for (const [what, secret] of Object.entries(secrets)) {
      if (text.includes(secret)) hits.push(`${what} in ${path.basename(file)}`);
    }
    if (/token=[^\s"&[]/.test(text)) hits.push(`a token= value in ${path.basename(file)}`);
  }
  expect(hits).toEqual([]);
});

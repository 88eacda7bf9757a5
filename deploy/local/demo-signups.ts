// R-RUN-DEMO-SIGNUPS: `npm start` with demo data shows the product alive. Once the catalog has
// seeded the demo school on an empty install, the launcher signs made-up children up through
// the public API with the school's link, reviews them as the demo admin through the admin API
// (one activity full with a waiting list and a held offer, one nearly full, the others mixed),
// spreads their sign-up times over the last ten days, and prints one provider link.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { findPostgresBinDir } from '@nsa/local-infra';

const run = promisify(execFile);

export interface DemoSignupsOptions {
  /** The gateway, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** PUBLIC_BASE_URL: the Origin a browser would send. */
  publicBaseUrl: string;
  admin: { email: string; password: string };
  schoolToken: string;
  /** svc-registrations' database, for spreading the sign-up times. */
  registrationsDatabaseUrl: string;
  log: (line: string) => void;
  /** How long to wait for the catalog's demo activities to reach svc-registrations. */
  timeoutMs?: number;
}

interface Plan {
  title: string;
  /** Sign-ups, in order; each is reviewed as listed. */
  review: Array<'approve' | 'reject' | 'new'>;
  /** Sign-ups that join the waiting list once the approved ones have filled it. */
  waitlist?: number;
  /** Approved sign-ups put back to new afterwards: each frees a place the first in line is offered. */
  revert?: number;
  /** Its provider link is printed. */
  providerLink?: boolean;
}

const n = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

/** One activity full (8 of 8, a waiting list, an offer), one nearly full (9 of 10), others mixed. */
export const DEMO_PLANS: readonly Plan[] = [
  { title: 'Gitaarles voor beginners', review: n(8, 'approve'), waitlist: 3, revert: 1 },
  { title: 'Koken met groente', review: n(9, 'approve'), providerLink: true },
  {
    title: 'Judo',
    review: ['approve', 'approve', 'approve', 'reject', 'reject', 'new', 'new', 'new'],
  },
  { title: 'Schaken', review: ['approve', 'approve', 'new', 'new', 'new', 'new'] },
  { title: 'Hockey', review: ['reject', 'new', 'new', 'new', 'new', 'new', 'new'] },
];

const FIRST = [
  'Emma',
  'Noah',
  'Julia',
  'Liam',
  'Mila',
  'Lucas',
  'Tess',
  'Sem',
  'Sophie',
  'Finn',
  'Zoë',
  'Daan',
  'Sara',
  'Levi',
  'Nora',
  'Milan',
  'Evi',
  'Jesse',
  'Lotte',
  'Bram',
  'Saar',
  'Luuk',
  'Fenna',
  'Thijs',
  'Yara',
  'Mees',
  'Lina',
  'Sven',
  'Nina',
  'Ravi',
  'Fatima',
  'Mohammed',
  'Anouk',
  'Jayden',
  'Isa',
  'Gijs',
  'Roos',
  'Stijn',
  'Amira',
  'Ties',
  'Elif',
  'Cas',
  'Hanna',
  'Ruben',
];
const LAST = [
  'de Vries',
  'Jansen',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Yilmaz',
  'El Amrani',
  'Kaya',
  'van Dijk',
  'Koster',
];
const GROUPS = ['groep3', 'groep4', 'groep5', 'groep6', 'groep7', 'groep8'] as const;
/** The days the sign-ups are spread over, oldest first. */
const SPREAD_DAYS = 10;

class Api {
  private cookie = '';
  constructor(private readonly opts: DemoSignupsOptions) {}

  async call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.opts.baseUrl}${url}`, {
      method,
      headers: {
        origin: this.opts.publicBaseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
  }

  async login(): Promise<boolean> {
    const { status, res } = await this.call('POST', '/api/auth/login', this.opts.admin);
    if (status !== 200) return false;
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return this.cookie !== '';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeds the demo sign-ups; says why when it cannot, and never throws. */
export async function seedDemoSignups(opts: DemoSignupsOptions): Promise<void> {
  try {
    await seed(opts);
  } catch (err) {
    opts.log(`demo sign-ups not seeded: ${(err as Error).message}`);
  }
}

async function seed(opts: DemoSignupsOptions): Promise<void> {
  const api = new Api(opts);
  if (!(await api.login())) throw new Error('the demo admin cannot log in');
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);

  const school = await api.call<{ id: number }>('GET', `/api/schools/by-token/${opts.schoolToken}`);
  const all = await api.call<unknown>('GET', '/api/admin/activities');
  const list = Array.isArray(all.body)
    ? (all.body as Array<{ id: number; title: string; schoolId: number }>)
    : [];
  const byTitle = new Map(
    list.filter((a) => a.schoolId === school.body?.id).map((a) => [a.title, a.id] as const),
  );
  if (byTitle.size === 0) throw new Error('no demo activities found');

  const created: number[] = [];
  let person = 0;
  const signUp = async (activityId: number, waitlist: boolean): Promise<number | null> => {
    const i = person++;
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const year = new Date().getFullYear() - 6 - (i % 6);
    const input = {
      activityId,
      childFirstName: first,
      childLastName: last,
      childDateOfBirth: `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      childGroup: GROUPS[i % GROUPS.length],
      parentName: `${['Ouder', 'Verzorger'][i % 2]} ${last}`,
      email: `${first.toLowerCase().replace(/[^a-z]/g, '')}.${last.toLowerCase().replace(/[^a-z]/g, '')}@voorbeeld.nl`,
      phone: `06${String(12345678 + i * 1111).slice(0, 8)}`,
      ...(waitlist ? { waitlist: true } : {}),
    };
    // The activity reaches svc-registrations through an event: a 404 may come first.
    for (;;) {
      const { status, body } = await api.call<{ registration?: { id: number } }>(
        'POST',
        '/api/registrations',
        input,
        { 'x-school-token': opts.schoolToken },
      );
      if (status === 201 && body.registration) return body.registration.id;
      if (status === 404 && Date.now() < deadline) {
        await sleep(300);
        continue;
      }
      return null;
    }
  };
  const bulk = (action: 'approve' | 'reject' | 'revert', ids: number[], reason?: string) =>
    ids.length === 0
      ? Promise.resolve()
      : api.call('POST', '/api/admin/registrations/bulk', {
          action,
          ids,
          sendEmail: false,
          ...(reason ? { reason } : {}),
        });

  let providerLink: { title: string; url: string } | null = null;
  for (const plan of DEMO_PLANS) {
    const activityId = byTitle.get(plan.title);
    if (activityId === undefined) continue;
    const ids: Array<{ id: number; review: Plan['review'][number] }> = [];
    for (const review of plan.review) {
      const id = await signUp(activityId, false);
      if (id !== null) {
        ids.push({ id, review });
        created.push(id);
      }
    }
    const approved = ids.filter((r) => r.review === 'approve').map((r) => r.id);
    await bulk('approve', approved);
    await bulk(
      'reject',
      ids.filter((r) => r.review === 'reject').map((r) => r.id),
      'De groep is al samengesteld.',
    );
    for (let w = 0; w < (plan.waitlist ?? 0); w++) {
      const id = await signUp(activityId, true);
      if (id !== null) created.push(id);
    }
    await bulk('revert', approved.slice(-(plan.revert ?? 0)).slice(0, plan.revert ?? 0));
    if (plan.providerLink) {
      const { status, body } = await api.call<{ url: string }>(
        'POST',
        `/api/admin/activities/${activityId}/provider-token/generate`,
      );
      if (status === 200 && body?.url) providerLink = { title: plan.title, url: body.url };
    }
  }
  if (created.length === 0) throw new Error('no sign-up was accepted');

  // Spread over the last days, keeping their order: the first made is the oldest.
  const last = Math.max(1, created.length - 1);
  const values = created
    .map((id, i) => `(${id}, ${Math.round(((last - i) * (SPREAD_DAYS - 1)) / last)})`)
    .join(', ');
  const psql = path.join(findPostgresBinDir(), 'psql');
  await run(psql, [
    opts.registrationsDatabaseUrl,
    '-v',
    'ON_ERROR_STOP=1',
    '-q',
    '-c',
    `UPDATE registrations r SET created_at = r.created_at - make_interval(days => v.days)
       FROM (VALUES ${values}) AS v(id, days) WHERE r.id = v.id`,
  ]);
  opts.log(`demo sign-ups: ${created.length} made-up sign-ups over the last ${SPREAD_DAYS} days`);
  if (providerLink) opts.log(`demo provider page (${providerLink.title}): ${providerLink.url}`);
}

/**
 * Watches the services' lines for the moment both the demo admin and the demo school were
 * created in this run (an empty install); only then are demo sign-ups seeded.
 */
export function demoSeedWatch() {
  let admin = false;
  let school = false;
  let resolve: () => void = () => {};
  const both = new Promise<void>((r) => (resolve = r));
  return {
    note(line: string) {
      if (line.includes('"demoAdminCreated":true')) admin = true;
      if (line.includes('"demoSchoolCreated":true')) school = true;
      if (admin && school) resolve();
    },
    /** True once both were seen, false after `timeoutMs` without. */
    ready(timeoutMs: number): Promise<boolean> {
      return Promise.race([both.then(() => true), sleep(timeoutMs).then(() => false)]);
    },
  };
}

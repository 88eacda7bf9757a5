// Benchmark 3: the admin list at 100,000 sign-ups over 30 schools. The catalog is made through
// its API (so registrations' projection is real), the sign-ups are bulk-inserted with SQL as
// the registrations role, then filtered pages are timed through nginx.
import pg from 'pg';
import { waitForProjection, type Api } from '../lib/api.js';
import { percentile } from '../lib/report.js';
import type { BenchStack } from '../lib/stack.js';

export interface ListQueryResult {
  name: string;
  query: string;
  total: number;
  p50: number;
  p95: number;
  max: number;
}

export interface AdminListResult {
  rows: number;
  schools: number;
  activities: number;
  insertS: number;
  queries: ListQueryResult[];
  overallP95: number;
  worstP95: number;
}

export async function adminListAtScale(opts: {
  stack: BenchStack;
  api: Api;
  db: pg.Pool;
  schools: number;
  activitiesPerSchool: number;
  rows: number;
  samples: number;
  /** 'filters': the filtered pages; 'search': `q` searches (R-REVIEW-SEARCH); default both. */
  kinds?: Array<'filters' | 'search'>;
}): Promise<AdminListResult> {
  const kinds = opts.kinds ?? ['filters', 'search'];
  const { api } = opts;
  const blocks = [];
  for (const [name, from, to] of [
    ['Schaal blok 1', 1, 13],
    ['Schaal blok 2', 14, 26],
    ['Schaal blok 3', 27, 39],
    ['Schaal blok 4', 40, 53],
  ] as const) {
    blocks.push((await api.createBlock(name, from, to)).id);
  }
  const providers = [];
  for (let i = 0; i < 5; i++)
    providers.push((await api.createProvider(`Schaal aanbieder ${i + 1}`)).id);
  const schoolIds: number[] = [];
  const activityIds: number[] = [];
  for (let s = 0; s < opts.schools; s++) {
    const school = await api.createSchool(`Schaalschool ${s + 1}`);
    schoolIds.push(school.id);
    for (let a = 0; a < opts.activitiesPerSchool; a++) {
      const act = await api.createActivity({
        title: `Schaal ${s + 1}.${a + 1}`,
        capacity: 10_000,
        weekday: 1 + (a % 5),
        startTime: '15:30',
        schoolId: school.id,
        blockId: blocks[a % blocks.length]!,
        providerId: providers[(s + a) % providers.length]!,
      });
      activityIds.push(act.id);
    }
  }
  await waitForProjection(opts.db, activityIds, 120_000);

  const regUrl = await opts.stack.serviceDbUrl('registrations');
  const reg = new pg.Client({ connectionString: regUrl });
  await reg.connect();
  const t0 = Date.now();
  try {
    // Spread over the activities and the last 180 days; per activity 60% new, 25% approved and
    // 15% rejected (the status takes g / activities, so it does not follow the activity).
    await reg.query(
      `INSERT INTO registrations (activity_id, school_id, block_id, child_first_name, child_last_name,
         child_date_of_birth, child_age, child_group, child_key, parent_name, email, phone, language,
         status, created_at, updated_at, approved_at, rejected_at, rejection_reason)
       SELECT a.id, a.school_id, a.block_id, 'Kind' || g, 'Schaal', date '2016-01-01' + (g % 1500),
         8, 'groep5', 'kind' || g || '|schaal|' || (date '2016-01-01' + (g % 1500)),
         'Ouder ' || g, 'ouder' || g || '@schaal.example', '0612345678', 'nl',
         CASE WHEN s < 12 THEN 'new' WHEN s < 17 THEN 'approved' ELSE 'rejected' END,
         now() - make_interval(secs => g * 155.0), now(),
         CASE WHEN s BETWEEN 12 AND 16 THEN now() END,
         CASE WHEN s >= 17 THEN now() END,
         CASE WHEN s >= 17 THEN 'activiteit vol' END
       FROM generate_series(1, $2::int) g
       CROSS JOIN LATERAL (SELECT (g / $3::int) % 20 AS s) st
       JOIN (SELECT id, school_id, block_id, (row_number() OVER (ORDER BY id)) - 1 AS k
             FROM activities WHERE id = ANY($1::int[])) a
         ON a.k = g % $3::int`,
      [activityIds, opts.rows, activityIds.length],
    );
    // What autovacuum would do shortly after such an insert, so the plans are the steady ones.
    await reg.query('VACUUM ANALYZE registrations');
  } finally {
    await reg.end();
  }
  const insertS = (Date.now() - t0) / 1000;

  const school = schoolIds[Math.floor(schoolIds.length / 2)]!;
  const activity = activityIds[Math.floor(activityIds.length / 3)]!;
  const filters: Array<[string, Record<string, string | number>]> = [];
  if (kinds.includes('filters')) {
    filters.push(
      ['no filter', {}],
      ['by school', { schoolId: school }],
      ['by status new', { status: 'new' }],
      ['by status approved', { status: 'approved' }],
      ['by block', { blockId: blocks[1]! }],
      ['by activity', { activityId: activity }],
      ['school + status', { schoolId: school, status: 'approved' }],
    );
  }
  if (kinds.includes('search')) {
    // A part of one parent's email, a child's name (matching about a hundred), a parent's
    // name in one school, and a search with the activity filter.
    filters.push(
      ['search: part of an email', { q: 'der4242@sch' }],
      ['search: child name', { q: 'KIND777' }],
      ['search: parent name + school', { q: 'ouder 12', schoolId: school }],
      ['search: + activity', { q: 'kind1', activityId: activity }],
    );
  }
  const queries: ListQueryResult[] = [];
  const everything: number[] = [];
  for (const [name, f] of filters) {
    const total = await api.total(f);
    const lastPage = Math.max(1, Math.ceil(total / 50));
    for (const [pageName, page] of [
      ['page 1', 1],
      [`page ${lastPage} (last)`, lastPage],
    ] as const) {
      const q = new URLSearchParams(
        Object.fromEntries(
          Object.entries({ ...f, page, limit: 50 }).map(([k, v]) => [k, String(v)]),
        ),
      ).toString();
      const path = `/api/admin/registrations?${q}`;
      for (let i = 0; i < 3; i++) await api.must('GET', path);
      const samples: number[] = [];
      for (let i = 0; i < opts.samples; i++) {
        const a = await api.call('GET', path);
        if (a.status !== 200) throw new Error(`${path}: ${a.status}`);
        samples.push(a.ms);
      }
      everything.push(...samples);
      queries.push({
        name: `${name}, ${pageName}`,
        query: q,
        total,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: Math.max(...samples),
      });
    }
  }
  return {
    rows: opts.rows,
    schools: opts.schools,
    activities: activityIds.length,
    insertS,
    queries,
    overallP95: percentile(everything, 95),
    worstP95: Math.max(...queries.map((q) => q.p95)),
  };
}

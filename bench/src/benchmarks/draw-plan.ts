// The opening evening the draw benchmark signs up: activities over a few schools (weekdays 1-5,
// a few start times, so a child's wishes can clash; capacities 8-25; some activities far more
// wanted than others) and families of one to three children, each child entering one to four
// activities of its school in order of preference. A fixed seed makes it the same every run.

export interface PlanActivity {
  /** Index into the plan's schools. */
  school: number;
  title: string;
  weekday: number;
  startTime: string;
  capacity: number;
}

export interface PlanChild {
  firstName: string;
  dateOfBirth: string;
  group: string;
  /** Indices into the plan's activities, most wanted first; never two at the same time. */
  choices: number[];
}

export interface PlanFamily {
  school: number;
  lastName: string;
  parentName: string;
  email: string;
  children: PlanChild[];
}

export interface DrawPlan {
  schools: number;
  activities: PlanActivity[];
  families: PlanFamily[];
  /** Sign-ups in all: the children's choices summed. */
  entries: number;
}

export const START_TIMES = ['14:00', '14:30', '15:15', '16:00'] as const;
const TITLES = [
  'Voetbal',
  'Judo',
  'Schaken',
  'Koken',
  'Toneel',
  'Tekenen',
  'Dans',
  'Muziek',
  'Programmeren',
  'Tennis',
  'Natuurlab',
  'Zwemmen',
];
const FIRST_NAMES = [
  'Emma',
  'Noah',
  'Julia',
  'Lucas',
  'Mila',
  'Sem',
  'Tess',
  'Finn',
  'Zoë',
  'Levi',
];

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An index drawn with the given weights (not all zero). */
function weighted(rand: () => number, weights: number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = rand() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0 && weights[i]! > 0) return i;
  }
  return weights.findLastIndex((w) => w > 0);
}

/** Fisher-Yates, in place. */
function shuffle<T>(rand: () => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const clash = (a: PlanActivity, b: PlanActivity) =>
  a.weekday === b.weekday && a.startTime === b.startTime;

export function drawPlan(opts: {
  schools: number;
  activities: number;
  families: number;
  entries: number;
  seed?: number;
}): DrawPlan {
  const rand = random(opts.seed ?? 20_261_124);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const perSchool = Math.ceil(opts.activities / opts.schools);
  const activities: PlanActivity[] = [];
  // Popularity within a school: Zipf-like (s = 0.6) over a shuffled order, so the most wanted
  // activity draws several times its places and the least wanted fewer than its places.
  const popularity: number[] = [];
  for (let s = 0; s < opts.schools; s++) {
    const n = Math.min(perSchool, opts.activities - activities.length);
    const rank = shuffle(
      rand,
      Array.from({ length: n }, (_, i) => i),
    );
    for (let i = 0; i < n; i++) {
      activities.push({
        school: s,
        title: `${TITLES[i % TITLES.length]} ${Math.floor(i / TITLES.length) + 1}`,
        weekday: 1 + (i % 5),
        startTime: START_TIMES[Math.floor(i / 5) % START_TIMES.length]!,
        capacity: int(8, 25),
      });
      popularity.push(1 / (1 + rank[i]!) ** 0.6);
    }
  }
  const bySchool = Array.from({ length: opts.schools }, (_, s) =>
    activities.flatMap((a, i) => (a.school === s ? [i] : [])),
  );
  const thisYear = new Date().getFullYear();
  const families: PlanFamily[] = [];
  // Children per family: 70 % one, 25 % two, 5 % three. Entries per child: mostly one.
  const counts: number[][] = [];
  for (let f = 0; f < opts.families; f++) {
    const kids = weighted(rand, [70, 25, 5]) + 1;
    counts.push(Array.from({ length: kids }, () => weighted(rand, [80, 13, 5, 2]) + 1));
  }
  // Exactly `entries` in all: take one from, or add one to, children picked at random.
  let total = counts.flat().reduce((s, n) => s + n, 0);
  const maxEntries = Math.min(4, START_TIMES.length * 5, perSchool);
  if (total > opts.entries && counts.flat().length > opts.entries) {
    throw new Error(`${opts.entries} entries cannot cover ${counts.flat().length} children`);
  }
  while (total !== opts.entries) {
    const kids = counts[int(0, counts.length - 1)]!;
    const k = int(0, kids.length - 1);
    if (total > opts.entries && kids[k]! > 1) {
      kids[k]! -= 1;
      total -= 1;
    } else if (total < opts.entries && kids[k]! < maxEntries) {
      kids[k]! += 1;
      total += 1;
    }
  }
  for (let f = 0; f < opts.families; f++) {
    const school = f % opts.schools;
    const pool = bySchool[school]!;
    const lastName = `Gezin${f + 1}`;
    const children: PlanChild[] = [];
    const names = shuffle(rand, [...FIRST_NAMES]);
    for (const [k, n] of counts[f]!.entries()) {
      const choices: number[] = [];
      // A younger sibling wants the eldest's first choice too, a third of the time.
      const eldest = children[0]?.choices[0];
      if (eldest !== undefined && rand() < 1 / 3) choices.push(eldest);
      while (choices.length < n) {
        const weights = pool.map((i) =>
          choices.some((c) => c === i || clash(activities[c]!, activities[i]!))
            ? 0
            : popularity[i]!,
        );
        choices.push(pool[weighted(rand, weights)]!);
      }
      const age = int(5, 11);
      children.push({
        firstName: names[k]!,
        dateOfBirth: `${thisYear - age}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
        group: `groep${Math.min(8, Math.max(3, age - 3))}`,
        choices,
      });
    }
    families.push({
      school,
      lastName,
      parentName: `Ouder ${lastName}`,
      email: `gezin-${f + 1}@loting.bench.example`,
      children,
    });
  }
  return { schools: opts.schools, activities, families, entries: total };
}

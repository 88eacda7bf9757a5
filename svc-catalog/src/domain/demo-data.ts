import { currentWeekNumber } from '@nsa/contracts';
import type { Logger } from '@nsa/service-kit';
import type { Catalog } from './catalog.js';

const clampWeek = (w: number) => Math.min(52, Math.max(1, w));

/** Title, block, provider, weekday, start time, capacity, locked, hidden. */
const PLAN: Array<[string, number, number, number, string, number, boolean?, boolean?]> = [
  ['Voetbal', 0, 0, 1, '15:00', 16],
  ['Tekenen en schilderen', 0, 2, 3, '15:15', 12],
  ['Judo', 1, 0, 1, '15:30', 14],
  ['Gitaarles voor beginners', 1, 1, 2, '15:00', 8],
  ['Streetdance', 1, 0, 3, '15:00', 20, true],
  ['Koken met groente', 1, 2, 4, '14:30', 10],
  ['Schaken', 2, 1, 1, '15:00', 12],
  ['Hockey', 2, 0, 2, '15:30', 16],
  ['Zingen in een koor', 2, 1, 3, '15:15', 25, true],
  ['Kleien (in voorbereiding)', 2, 2, 5, '14:00', 10, false, true],
];

export interface DemoDataDeps {
  catalog: Catalog;
  logger: Logger;
  /** The demo school's token, chosen by the launcher so that it can print the link. */
  schoolToken?: string;
}

/**
 * Demo content for trying the product: one school, three blocks around the
 * current week (one already past), three providers and ten activities, two
 * locked and one hidden. Only on an empty catalog.
 */
export class DemoData {
  constructor(private readonly deps: DemoDataDeps) {}

  async seed(): Promise<void> {
    const { catalog, logger } = this.deps;
    if ((await catalog.listSchools()).length > 0) return;
    const week = currentWeekNumber(new Date());
    const school = await catalog.createSchool('Basisschool De Regenboog', this.deps.schoolToken);
    const span = (from: number, to: number) => ({
      weekStart: clampWeek(week + from),
      weekEnd: clampWeek(week + to),
    });
    const blocks = [
      await catalog.createBlock({ name: 'Blok 1', ...span(-10, -4) }),
      await catalog.createBlock({ name: 'Blok 2', ...span(-1, 4) }),
      await catalog.createBlock({ name: 'Blok 3', ...span(5, 10) }),
    ];
    const providers = [
      await catalog.createProvider({ name: 'Sportief Voorbeeldstad' }),
      await catalog.createProvider({ name: 'Muziekschool De Notenbalk' }),
      await catalog.createProvider({ name: 'Atelier Kleurrijk' }),
    ];
    for (const [
      title,
      b,
      p,
      weekday,
      startTime,
      capacity,
      isLocked = false,
      isHidden = false,
    ] of PLAN) {
      await catalog.createActivity({
        title,
        capacity,
        weekday,
        startTime,
        schoolId: school.id,
        blockId: blocks[b]!.id,
        providerId: providers[p]!.id,
        isLocked,
        isHidden,
      });
    }
    logger.info({ demoSchoolCreated: true, schoolId: school.id }, 'demo data created');
  }
}

// What the draw screen shows of a DrawView (R-DRAW-PREVIEW, R-DRAW-PUBLISH, R-DRAW-EXPORT,
// R-DRAW-VERIFY). Pure, so it is unit tested.
import type { DrawView } from '@nsa/contracts';
import { drawExportFileName } from '../../shared/lib/files';

type DrawResult = DrawView['results'][number];

/** One sign-up in the draw: its result and, from the export, its activity and preference. */
export interface DrawRow {
  registrationId: number;
  /** 1 is the child's first choice; null when the export does not know the sign-up. */
  preference: number | null;
  outcome: DrawResult['outcome'];
  waitlistPosition: number | null;
  round: number | null;
}

/** The draw of one activity. */
export interface ActivityDraw {
  /** null: sign-ups the export does not place in an activity (it should not happen). */
  activityId: number | null;
  title: string | null;
  /** The places the draw had to give, or null when the export does not list the activity. */
  places: number | null;
  placed: number;
  waitlisted: number;
  /** Placed ones by round, then the waiting list in order. */
  rows: DrawRow[];
}

function compareRows(a: DrawRow, b: DrawRow): number {
  if (a.outcome !== b.outcome) return a.outcome === 'approved' ? -1 : 1;
  const order =
    a.outcome === 'approved'
      ? (a.round ?? Infinity) - (b.round ?? Infinity)
      : (a.waitlistPosition ?? Infinity) - (b.waitlistPosition ?? Infinity);
  return order || a.registrationId - b.registrationId;
}

/**
 * The results per activity, in the export's order of activities (titles from the catalog where
 * known). An activity without entries is left out.
 */
export function drawByActivity(
  view: DrawView,
  titles: ReadonlyMap<number, string> = new Map(),
): ActivityDraw[] {
  const entries = new Map(view.export.entries.map((e) => [e.registrationId, e]));
  const places = new Map(view.export.activities.map((a) => [a.id, a.places]));
  const groups = new Map<number | null, DrawRow[]>();
  for (const activity of view.export.activities) groups.set(activity.id, []);
  for (const result of view.results) {
    const entry = entries.get(result.registrationId);
    const key = entry?.activityId ?? null;
    let rows = groups.get(key);
    if (!rows) {
      rows = [];
      groups.set(key, rows);
    }
    rows.push({
      registrationId: result.registrationId,
      preference: entry?.preference ?? null,
      outcome: result.outcome,
      waitlistPosition: result.waitlistPosition,
      round: result.round,
    });
  }
  const draws: ActivityDraw[] = [];
  for (const [activityId, rows] of groups) {
    if (rows.length === 0) continue;
    rows.sort(compareRows);
    const placed = rows.filter((r) => r.outcome === 'approved').length;
    draws.push({
      activityId,
      title: activityId === null ? null : (titles.get(activityId) ?? null),
      places: activityId === null ? null : (places.get(activityId) ?? null),
      placed,
      waitlisted: rows.length - placed,
      rows,
    });
  }
  // Unknown ones last.
  return draws.sort((a, b) => Number(a.activityId === null) - Number(b.activityId === null));
}

/** R-DRAW-VERIFY: the command that recomputes the draw from the downloaded file. */
export function drawVerifyCommand(seed: string, blockId: number): string {
  return `npm run draw:verify -- --seed ${seed} --entries ${drawExportFileName(blockId)}`;
}

/** The downloaded file: the whole DrawView, as draw:verify reads it. */
export function drawExportJson(view: DrawView): string {
  return `${JSON.stringify(view, null, 2)}\n`;
}

/**
 * A DrawView from an answer, or null when the answer is not one (an odd answer shows as an
 * error instead of breaking the screen).
 */
export function drawFrom(body: unknown): DrawView | null {
  if (typeof body !== 'object' || body === null) return null;
  const view = body as Partial<DrawView>;
  const ok =
    typeof view.blockId === 'number' &&
    Array.isArray(view.results) &&
    typeof view.stats === 'object' &&
    view.stats !== null &&
    typeof view.export === 'object' &&
    view.export !== null &&
    Array.isArray(view.export.entries) &&
    Array.isArray(view.export.activities);
  return ok ? (view as DrawView) : null;
}

/** The block id of /admin/blocks/:id/draw: a whole number from 1, no leading zeros; else null. */
export function blockIdParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

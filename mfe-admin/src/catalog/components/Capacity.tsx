import { useTranslation } from 'react-i18next';
import { capacityLevel, placesTaken, registrationCapacityLevel } from '../../shared/lib/capacity';
import { fillPercent } from '../lib/activity-filters';
import { NAMESPACE } from '../../namespace';
import '../catalog.css';

const LEVELS = ['open', 'almostFull', 'full'] as const;

/**
 * The screen whose capacity rule and texts apply: the activity list's (one place left,
 * R-ADMIN-COLOUR-ACTIVITIES) or the registrations list's (80 %, R-ADMIN-COLOUR-SIGNUPS).
 */
type Section = 'activities' | 'registrations';

const LEVEL_OF = { activities: capacityLevel, registrations: registrationCapacityLevel };

/**
 * Places taken/capacity in the colour of its level, the level named for screen readers. Places
 * held by an open offer count as taken (R-WAITLIST-CAPACITY) and are named under the count
 * unless `quiet` (a list that repeats the activity on every row).
 */
export function CapacityCount({
  section,
  approved,
  offered = 0,
  capacity,
  quiet = false,
}: {
  section: Section;
  approved: number;
  offered?: number | null;
  capacity: number;
  quiet?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const taken = placesTaken({ approvedCount: approved, offeredCount: offered });
  const level = LEVEL_OF[section](taken, capacity);
  return (
    <>
      <span className="adm-capacity" data-level={level} data-testid="capacity">
        {taken}/{capacity}
      </span>
      <span className="visually-hidden"> {t(`${section}.capacityLevel.${level}`)}</span>
      {offered && !quiet ? (
        <span className="adm-cell-hint adm-capacity-hint" data-testid="capacity-offered">
          {t('registrations.offeredCount', { count: offered })}
        </span>
      ) : null}
    </>
  );
}

/**
 * R-WAITLIST-JOIN: how many wait in line. `inColumn`: under a "waiting list" heading, so the
 * number alone; otherwise the text names the list ('2 op wachtlijst').
 */
export function WaitlistCount({
  count,
  inColumn = false,
}: {
  count: number | null | undefined;
  inColumn?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const n = count ?? 0;
  return (
    <span className="adm-waitlist-count" data-count={n} data-testid="waitlist-count">
      {inColumn ? n : t('registrations.waitlistHint', { count: n })}
    </span>
  );
}

/** The key to the capacity colours, with the texts of the screen's i18n section. */
export function CapacityLegend({ section }: { section: Section }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="adm-legend adm-muted">
      {LEVELS.map((level) => (
        <span key={level} className="adm-capacity" data-level={level}>
          {t(`${section}.legend.${level}`)}
        </span>
      ))}
    </p>
  );
}

/**
 * R-ADMIN-COLOUR-ACTIVITIES: places taken/capacity with a bar filled that far, both in the
 * level's colour (red full, orange one place left, green otherwise); offers count as taken.
 */
export function CapacityBar({
  approved,
  offered = 0,
  capacity,
}: {
  approved: number;
  offered?: number | null;
  capacity: number;
}) {
  const { t } = useTranslation(NAMESPACE);
  const taken = placesTaken({ approvedCount: approved, offeredCount: offered });
  const level = capacityLevel(taken, capacity);
  return (
    <span className="adm-capacity-cell">
      <CapacityCount
        section="activities"
        approved={approved}
        offered={offered}
        capacity={capacity}
        quiet
      />
      <span className="adm-capacity-bar" data-level={level} aria-hidden="true">
        <span style={{ width: `${fillPercent(taken, capacity)}%` }} />
      </span>
      {offered ? (
        <span className="adm-cell-hint adm-capacity-hint" data-testid="capacity-offered">
          {t('registrations.offeredCount', { count: offered })}
        </span>
      ) : null}
    </span>
  );
}

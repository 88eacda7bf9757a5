import { useTranslation } from 'react-i18next';
import { capacityLevel, registrationCapacityLevel } from '../lib/capacity';
import { NAMESPACE } from '../namespace';

const LEVELS = ['open', 'almostFull', 'full'] as const;

/**
 * The screen whose capacity rule and texts apply: the activity list's (one place left,
 * R-ADMIN-COLOUR-ACTIVITIES) or the registrations list's (80 %, R-ADMIN-COLOUR-SIGNUPS).
 */
type Section = 'activities' | 'registrations';

const LEVEL_OF = { activities: capacityLevel, registrations: registrationCapacityLevel };

/** approved/capacity in the colour of its level, the level named for screen readers. */
export function CapacityCount({
  section,
  approved,
  capacity,
}: {
  section: Section;
  approved: number;
  capacity: number;
}) {
  const { t } = useTranslation(NAMESPACE);
  const level = LEVEL_OF[section](approved, capacity);
  return (
    <>
      <span className="capacity" data-level={level} data-testid="capacity">
        {approved}/{capacity}
      </span>
      <span className="visually-hidden"> {t(`${section}.capacityLevel.${level}`)}</span>
    </>
  );
}

/** The key to the capacity colours, with the texts of the screen's i18n section. */
export function CapacityLegend({ section }: { section: Section }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="legend muted">
      {LEVELS.map((level) => (
        <span key={level} className="capacity" data-level={level}>
          {t(`${section}.legend.${level}`)}
        </span>
      ))}
    </p>
  );
}

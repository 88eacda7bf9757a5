import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

const LEVELS = ['open', 'almostFull', 'full'] as const;

/** The key to the capacity colours, with the texts of the screen's i18n section. */
export function CapacityLegend({ section }: { section: 'activities' | 'registrations' }) {
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

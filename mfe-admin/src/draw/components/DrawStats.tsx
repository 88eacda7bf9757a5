import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { NAMESPACE } from '../../namespace';

const STATS = [
  'entries',
  'children',
  'childrenPlaced',
  'placed',
  'firstChoices',
  'waitlisted',
] as const;

/** A draw's figures: entries, children, places and the waiting list. */
export function DrawStats({ view }: { view: DrawView }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <dl className="adm-draw-stats" data-testid="draw-stats">
      {STATS.map((stat) => (
        <div key={stat} data-stat={stat}>
          <dt>{t(`draw.stats.${stat}`)}</dt>
          <dd className="adm-numeric">{view.stats[stat]}</dd>
        </div>
      ))}
    </dl>
  );
}

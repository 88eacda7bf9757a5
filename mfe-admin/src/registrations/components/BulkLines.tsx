import { useTranslation } from 'react-i18next';
import { outcomeLines, type BulkOutcome } from '../lib/bulk';
import { NAMESPACE } from '../../namespace';

/** A bulk review's outcomes, one line each: what will happen, or what did. */
export function BulkLines({
  tense,
  counts,
}: {
  tense: 'will' | 'did';
  counts: Record<BulkOutcome, number>;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul className="adm-bulk-lines" data-testid={`bulk-${tense}`}>
      {outcomeLines(counts).map(([outcome, count]) => (
        <li key={outcome} data-outcome={outcome}>
          {t(`bulk.${tense}.${outcome}`, { count })}
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { NAMESPACE } from '../../namespace';
import '../catalog.css';

/**
 * A table of activities (the activities screen's, the registrations screen's
 * overview): its columns start with title, school, block and provider; rows
 * start with ActivityCells. On phones each row becomes a card.
 */
export function ActivityTable({
  kind,
  caption,
  moreHeadCells,
  children,
}: {
  kind: 'activities' | 'overview';
  caption: string;
  moreHeadCells: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="adm-table-scroll">
      <table className={`adm-table adm-stack adm-${kind}`} data-testid={`${kind}-table`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <ActivityHeadCells />
            {moreHeadCells}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function ActivityHeadCells() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <th scope="col">{t('activities.col.title')}</th>
      <th scope="col">{t('activities.col.school')}</th>
      <th scope="col">{t('activities.col.block')}</th>
      <th scope="col">{t('activities.col.provider')}</th>
    </>
  );
}

/** The cells an activity's row starts with: its title as the row header, school, block, provider. */
export function ActivityCells({ activity: a }: { activity: ActivityView }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <th scope="row">{a.title}</th>
      <td data-label={t('activities.col.school')} className="adm-wrap">
        {a.school.name}
      </td>
      <td data-label={t('activities.col.block')} className="adm-wrap">
        {a.block.name}
        <span className="adm-cell-hint">
          {t('activities.weeks', { start: a.block.weekStart, end: a.block.weekEnd })}
        </span>
      </td>
      <td data-label={t('activities.col.provider')} className="adm-wrap">
        {a.provider.name}
      </td>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { drawByActivity, type ActivityDraw } from '../lib/draw';
import { NAMESPACE } from '../../namespace';

/**
 * R-DRAW-PREVIEW: the draw per activity: each sign-up (by number; the export has no names) with
 * its preference, its outcome, its place on the waiting list and the round that placed it.
 */
export function DrawResults({
  view,
  titles,
  titlesFailed,
}: {
  view: DrawView;
  titles: ReadonlyMap<number, string>;
  titlesFailed: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const groups = drawByActivity(view, titles);
  return (
    <div className="adm-draw-results" data-testid="draw-results">
      <h3>{t('draw.resultsHeading')}</h3>
      {titlesFailed ? <p className="adm-field-hint">{t('draw.titlesFailed')}</p> : null}
      {groups.length === 0 ? (
        <p className="empty" data-testid="draw-no-entries">
          {t('draw.noEntries')}
        </p>
      ) : (
        groups.map((group) => <ActivityResults key={group.activityId ?? 'none'} group={group} />)
      )}
    </div>
  );
}

function ActivityResults({ group }: { group: ActivityDraw }) {
  const { t } = useTranslation(NAMESPACE);
  const name =
    group.activityId === null
      ? t('draw.activityNone')
      : (group.title ?? t('draw.activityUnknown', { id: group.activityId }));
  const col = (key: string) => t(`draw.col.${key}`);
  return (
    <section
      className="adm-draw-activity"
      data-testid="draw-activity"
      data-activity-id={group.activityId ?? ''}
    >
      <h4>
        {name}
        {group.title !== null ? (
          <span className="adm-muted"> {t('draw.activityId', { id: group.activityId })}</span>
        ) : null}
      </h4>
      <p className="adm-field-hint">
        {group.places === null
          ? t('draw.activitySummaryNoPlaces', {
              placed: group.placed,
              waitlisted: group.waitlisted,
            })
          : t('draw.activitySummary', {
              places: group.places,
              placed: group.placed,
              waitlisted: group.waitlisted,
            })}
      </p>
      <div className="adm-table-scroll">
        <table className="adm-table adm-stack adm-draw-table">
          <caption className="visually-hidden">{t('draw.caption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{col('registration')}</th>
              <th scope="col">{col('preference')}</th>
              <th scope="col">{col('outcome')}</th>
              <th scope="col">{col('waitlistPosition')}</th>
              <th scope="col">{col('round')}</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr
                key={row.registrationId}
                data-testid="draw-row"
                data-registration-id={row.registrationId}
                data-outcome={row.outcome}
              >
                <th scope="row" className="adm-numeric">
                  #{row.registrationId}
                </th>
                <td data-label={col('preference')} className="adm-numeric">
                  {row.preference ?? '–'}
                </td>
                <td data-label={col('outcome')} className="adm-outcome">
                  <span className="adm-badge" data-tone={row.outcome}>
                    {t(`draw.outcome.${row.outcome}`)}
                  </span>
                </td>
                <td
                  data-label={col('waitlistPosition')}
                  data-empty={row.waitlistPosition === null || undefined}
                  className="adm-numeric"
                >
                  {row.waitlistPosition ?? '–'}
                </td>
                <td
                  data-label={col('round')}
                  data-empty={row.round === null || undefined}
                  className="adm-numeric"
                >
                  {row.round ?? '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import type { Participant } from '@nsa/contracts';
import { NAMESPACE } from '../namespace';

export function ParticipantsTable({
  title,
  participants,
}: {
  title: string;
  participants: readonly Participant[];
}) {
  const { t } = useTranslation(NAMESPACE);
  if (participants.length === 0) {
    return (
      <p className="empty" data-testid="provider-empty">
        {t('provider.empty')}
      </p>
    );
  }
  return (
    <div className="prv-table-wrap">
      <table className="prv-table" data-testid="provider-table">
        <caption>{t('provider.caption', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('provider.name')}</th>
            <th scope="col" className="prv-numeric">
              {t('provider.age')}
            </th>
          </tr>
        </thead>
        <tbody>
          {participants.map((participant, index) => (
            // Names can repeat and there is no id (R-PROVIDER-LIST: name and age only).
            <tr key={index} data-testid="provider-row">
              <th scope="row">{participant.childName}</th>
              <td className="prv-numeric">{participant.age}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, useToast } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { saveBlob } from '@nsa/web-kit/download';
import { fetchAllAudit } from '../api/audit';
import { auditCsvFileName, buildAuditCsv, type AuditFilters } from '../lib/audit';
import { NAMESPACE } from '../../namespace';

/** R-AUDIT-SCREEN: the filtered log as a CSV file, every page of it (up to the export's limit). */
export function AuditExportButton({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { entries, truncated } = await fetchAllAudit(filters);
      if (entries.length === 0) {
        toast({ title: t('audit.exportEmpty') });
        return;
      }
      const csv = await buildAuditCsv(entries);
      saveBlob(new Blob([csv], { type: CSV_MIME }), auditCsvFileName());
      if (truncated) toast({ title: t('audit.exportTruncated', { count: entries.length }) });
    } catch (error) {
      console.error('[mfe_admin] audit CSV failed', error);
      toast({
        variant: 'destructive',
        title: t('common.failTitle'),
        description: t('audit.exportFailed'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton
      className="button secondary"
      onClick={() => void run()}
      busy={busy}
      data-testid="audit-export"
    >
      {t('audit.export')}
    </BusyButton>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage, useToast } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { saveBlob } from '@nsa/web-kit/download';
import { fetchAllRegistrations, MAX_EXPORT_ROWS } from '../api/registrations';
import type { RegistrationFilters } from './registration-filters';
import { buildRegistrationsCsv } from './registrations-csv';
import { registrationsCsvFileName, type ExportFilterNames } from '../../shared/lib/files';
import { NAMESPACE } from '../../namespace';

interface ListState {
  filters: RegistrationFilters;
  /** The list's total as last loaded; undefined before the first page. */
  total: number | undefined;
  /** The rows on screen are the previous filters' or page's, the new ones still loading. */
  stale: boolean;
  /** The filters' names for the file name. */
  fileFilters: ExportFilterNames;
}

/**
 * R-CSV-REGISTRATIONS, R-EXPORT-EMPTY: every sign-up of the current filters as a CSV file, newest
 * first, with its progress; an empty list only says so. Leaving the screen stops the export.
 */
export function useRegistrationsExport({ filters, total, stale, fileFilters }: ListState) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);

  const noData = (what: 'export' | 'print') =>
    toast({
      title: t('registrations.noData'),
      description: t(
        what === 'export' ? 'registrations.noDataExport' : 'registrations.noDataPrint',
      ),
    });

  // Every sign-up of the current filters, not only this page, newest first.
  const exportCsv = async () => {
    if (progress) return;
    if (total !== undefined && !stale && total === 0) {
      noData('export');
      return;
    }
    const controller = new AbortController();
    exportAbort.current = controller;
    setProgress({ loaded: 0, total: total ?? 0 });
    try {
      const result = await fetchAllRegistrations(
        filters,
        (loaded, all) => setProgress({ loaded, total: all }),
        controller.signal,
      );
      if (result.rows.length === 0) {
        noData('export');
        return;
      }
      const csv = await buildRegistrationsCsv(result.rows);
      saveBlob(
        new Blob([csv], { type: CSV_MIME }),
        registrationsCsvFileName(new Date(), fileFilters),
      );
      toast(
        result.capped
          ? {
              title: t('registrations.exportCapped'),
              description: t('registrations.exportCappedText', {
                max: MAX_EXPORT_ROWS,
                total: result.total,
              }),
            }
          : {
              title: t('registrations.exported'),
              description: t('registrations.exportedText', { count: result.rows.length }),
            },
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('[mfe_admin] CSV export failed', error);
      toast({
        variant: 'destructive',
        title: t('registrations.exportFailed'),
        description: serverMessage(error, t('registrations.exportFailedText')),
      });
    } finally {
      if (exportAbort.current === controller) exportAbort.current = null;
      setProgress(null);
    }
  };

  return { progress, exportCsv, noData };
}

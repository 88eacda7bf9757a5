import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

/**
 * What the provider's print and CSV buttons share: with no rows they do nothing but say so
 * (R-EXPORT-EMPTY), and a failed export is told in the reader's language.
 */
export function useExportGuards(rowCount: number) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const hasRows = () => {
    if (rowCount > 0) return true;
    toast({ title: t('provider.noData'), description: t('provider.noDataText') });
    return false;
  };
  const exportFailed = (error: unknown) => {
    console.error('[mfe_provider] CSV export failed', error);
    toast({
      variant: 'destructive',
      title: t('provider.exportFailed'),
      description: t('provider.genericError'),
    });
  };
  return { hasRows, exportFailed };
}

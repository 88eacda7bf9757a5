import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import { usePreviewDraw, usePublishDraw } from '../api/draws';
import { drawExportJson } from './draw';
import { actionError } from '../../shared/lib/errors';
import { drawExportFileName } from '../../shared/lib/files';
import { NAMESPACE } from '../../namespace';

/**
 * What an admin does with a lottery block's draw (R-DRAW-PREVIEW, R-DRAW-PUBLISH, R-DRAW-EXPORT):
 * make a preview, confirm its publication, download the published draw; each told in a toast,
 * a failure also kept for the screen to show.
 */
export function useDrawActions(blockId: number) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const preview = usePreviewDraw(blockId);
  const publish = usePublishDraw(blockId);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);

  const makePreview = () => {
    setPreviewError(null);
    preview.mutate(undefined, {
      onSuccess: (made) => {
        toast({
          title: t('draw.previewMade'),
          description: t('draw.previewMadeText', {
            placed: made.stats.placed,
            waitlisted: made.stats.waitlisted,
          }),
        });
      },
      onError: (error) => {
        const message = actionError(error, t('draw.previewFailed'));
        setPreviewError(message);
        toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
      },
    });
  };

  const openPublish = () => {
    setPublishError(null);
    setConfirming(true);
  };

  const confirmPublish = (sendEmail: boolean) => {
    setPublishError(null);
    publish.mutate(
      { sendEmail },
      {
        onSuccess: (done) => {
          setConfirming(false);
          toast({
            title: t('draw.published'),
            description: t('draw.publishedText', {
              placed: done.stats.placed,
              waitlisted: done.stats.waitlisted,
            }),
          });
        },
        onError: (error) => {
          const message = actionError(error, t('draw.publishFailed'));
          setPublishError(message);
          toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
        },
      },
    );
  };

  const download = (published: DrawView) => {
    const file = drawExportFileName(blockId);
    saveBlob(new Blob([drawExportJson(published)], { type: 'application/json' }), file);
    toast({ title: t('draw.downloaded'), description: t('draw.downloadedText', { file }) });
  };

  return {
    previewing: preview.isPending,
    previewError,
    makePreview,
    confirming,
    publishing: publish.isPending,
    publishError,
    openPublish,
    confirmPublish,
    closePublish: () => setConfirming(false),
    download,
  };
}

export type DrawActions = ReturnType<typeof useDrawActions>;

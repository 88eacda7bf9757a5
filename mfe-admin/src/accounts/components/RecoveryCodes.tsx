import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import { copyText } from '../../shared/lib/clipboard';
import { NAMESPACE } from '../../namespace';

/**
 * R-TOTP: the ten recovery codes, shown once: copy, download, and a confirmation that they are
 * kept somewhere safe before going on.
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [kept, setKept] = useState(false);
  const text = codes.join('\n') + '\n';

  const copy = async () => {
    const ok = await copyText(text);
    toast(
      ok
        ? { title: t('totp.codesCopied') }
        : {
            variant: 'destructive',
            title: t('common.failTitle'),
            description: t('totp.copyFailed'),
          },
    );
  };

  return (
    <div className="recovery-codes" data-testid="recovery-codes">
      <p className="adm-notice" role="status">
        {t('totp.codesIntro')}
      </p>
      <ol className="adm-recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="adm-form-actions">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          {t('totp.copyCodes')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), t('totp.codesFile'))
          }
        >
          {t('totp.downloadCodes')}
        </button>
      </div>
      <label className="adm-checkbox">
        <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} />{' '}
        {t('totp.codesKept')}
      </label>
      <div className="adm-form-actions">
        <button type="button" className="button" disabled={!kept} onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}

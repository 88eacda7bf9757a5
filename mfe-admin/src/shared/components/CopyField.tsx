import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import { copyText } from '../lib/clipboard';
import { NAMESPACE } from '../../namespace';
import { Field } from './Field';

interface Props {
  label: string;
  value: string;
  copyLabel: string;
  copiedText: string;
  /** Shown (toast and under the field) when the clipboard refused; the text is then selected. */
  failedText: string;
  testId?: string;
  /** A text too long for one line (a command): a read-only textarea that wraps it. */
  multiline?: boolean;
}

/** A readonly input with a copy button; without clipboard access the text is selected instead. */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedText,
  failedText,
  testId,
  multiline = false,
}: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const line = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const [failed, setFailed] = useState(false);

  const copy = async () => {
    if (await copyText(value)) {
      setFailed(false);
      toast({ title: t('common.copied'), description: copiedText });
      return;
    }
    setFailed(true);
    const input = multiline ? area.current : line.current;
    input?.focus();
    input?.select();
    toast({ variant: 'destructive', title: t('common.failTitle'), description: failedText });
  };

  return (
    <Field label={label} error={failed ? failedText : undefined}>
      {(control) => (
        <div className="adm-copy-field">
          {multiline ? (
            <textarea
              {...control}
              ref={area}
              readOnly
              rows={3}
              value={value}
              data-testid={testId}
              onFocus={(event) => event.currentTarget.select()}
            />
          ) : (
            <input
              {...control}
              ref={line}
              readOnly
              value={value}
              data-testid={testId}
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
          <button type="button" className="button secondary" onClick={() => void copy()}>
            {copyLabel}
          </button>
        </div>
      )}
    </Field>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import { copyText } from '../lib/clipboard';
import { NAMESPACE } from '../namespace';
import { Field } from './Field';

interface Props {
  label: string;
  value: string;
  copyLabel: string;
  copiedText: string;
  /** Shown (toast and under the field) when the clipboard refused; the text is then selected. */
  failedText: string;
  testId?: string;
}

/** A readonly input with a copy button; without clipboard access the text is selected instead. */
export function CopyField({ label, value, copyLabel, copiedText, failedText, testId }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [failed, setFailed] = useState(false);

  const copy = async () => {
    if (await copyText(value)) {
      setFailed(false);
      toast({ title: t('common.copied'), description: copiedText });
      return;
    }
    setFailed(true);
    input.current?.focus();
    input.current?.select();
    toast({ variant: 'destructive', title: t('common.failTitle'), description: failedText });
  };

  return (
    <Field label={label} error={failed ? failedText : undefined}>
      {(control) => (
        <div className="copy-field">
          <input
            {...control}
            ref={input}
            readOnly
            value={value}
            data-testid={testId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button secondary" onClick={() => void copy()}>
            {copyLabel}
          </button>
        </div>
      )}
    </Field>
  );
}

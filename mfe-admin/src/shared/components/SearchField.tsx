import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { MAX_SEARCH } from '../lib/id-filter';
import { Field } from './Field';

const SEARCH_DEBOUNCE_MS = 250;

/** The search box: typed text sent after a short pause; follows the address bar's q. */
export function SearchField({
  value,
  onSearch,
  label,
  maxLength = MAX_SEARCH,
  testId = 'filter-q',
}: {
  value: string;
  onSearch: (q: string) => void;
  label?: string;
  maxLength?: number;
  testId?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The latest callback, so that a re-render does not restart the pause.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    // A change from elsewhere (clear, back button) shows in the box.
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      search.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Field label={label ?? t('registrations.filters.search')}>
      {(control) => (
        <input
          {...control}
          type="search"
          name="q"
          value={text}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

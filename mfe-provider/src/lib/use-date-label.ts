import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/** A session's date as the reader says it, e.g. "wo 4 mrt" (a block lies within one year). */
export function useDateLabel() {
  const { i18n } = useTranslation(NAMESPACE);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return (date: string) => format.format(new Date(`${date}T12:00:00Z`));
  }, [i18n.language]);
}

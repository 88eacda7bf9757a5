import type { Lang } from '@nsa/contracts';

// Spec §9: dates in nl-NL format; the English screens use British day-month order.
const LOCALES: Record<Lang, string> = { nl: 'nl-NL', en: 'en-GB' };

/** A timestamp as date and time in the UI language, or null when there is none. */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

// The privacy screen's pure parts (R-PRIVACY-SCREEN): unit tested.
import type { PrivacyCounts, RetentionReport } from '@nsa/contracts';

/** A plausible email address: what the screen sends; the server checks it again. */
export function plausibleEmail(value: string): boolean {
  const v = value.trim();
  return v.length >= 3 && v.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(v);
}

/** The export's file name: the day, never the address (it would sit in a downloads folder). */
export function privacyExportFileName(now: Date): string {
  return `privacy-export-${now.toISOString().slice(0, 10)}.json`;
}

/** A report's counts as rows: service, what, how many; zeros left out, in a stable order. */
export function reportRows(
  report: Pick<RetentionReport, 'counts'>,
): { service: string; what: string; count: number }[] {
  const rows: { service: string; what: string; count: number }[] = [];
  for (const service of Object.keys(report.counts).sort()) {
    const counts: PrivacyCounts = report.counts[service] ?? {};
    for (const what of Object.keys(counts).sort()) {
      const count = counts[what] ?? 0;
      if (count > 0) rows.push({ service, what, count });
    }
  }
  return rows;
}

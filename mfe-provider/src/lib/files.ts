// File names of downloads (R-CSV-PROVIDER): provider CSV deelnemers-{title}.csv.
import { fileSafeName } from '@nsa/web-kit/download';

export function participantsCsvFileName(activityTitle: string): string {
  return `deelnemers-${fileSafeName(activityTitle, 'activiteit')}.csv`;
}

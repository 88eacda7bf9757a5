import { describe, expect, it } from 'vitest';
import { participantsCsvFileName } from '../src/lib/files';

describe('provider CSV file name (R-CSV-PROVIDER: deelnemers-{title}.csv)', () => {
  it('uses the activity title, made file-name safe', () => {
    expect(participantsCsvFileName('Voetbal')).toBe('deelnemers-voetbal.csv');
    expect(participantsCsvFileName('Judo & Yoga: groep 5/6')).toBe(
      'deelnemers-judo-yoga-groep-5-6.csv',
    );
    expect(participantsCsvFileName('Crèche-spel "Één"')).toBe('deelnemers-creche-spel-een.csv');
  });

  it('falls back when nothing usable is left', () => {
    expect(participantsCsvFileName('***')).toBe('deelnemers-activiteit.csv');
    expect(participantsCsvFileName('')).toBe('deelnemers-activiteit.csv');
  });
});

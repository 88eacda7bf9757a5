import { describe, expect, it } from 'vitest';
import { fileSafeName, participantsCsvFileName } from '../src/lib/files';

describe('provider CSV file name (spec §9: deelnemers-{title}.csv)', () => {
  it('uses the activity title, made file-name safe', () => {
    expect(participantsCsvFileName('Voetbal')).toBe('deelnemers-voetbal.csv');
    expect(participantsCsvFileName('Judo & Yoga: groep 5/6')).toBe(
      'deelnemers-judo-yoga-groep-5-6.csv',
    );
    expect(participantsCsvFileName('Crèche-spel "Één"')).toBe('deelnemers-creche-spel-een.csv');
  });

  it('drops characters file systems refuse and path tricks', () => {
    expect(fileSafeName('a<b>c:d"e|f?g*h\\i', 'x')).toBe('a-b-c-d-e-f-g-h-i');
    expect(fileSafeName('../../etc/passwd', 'x')).toBe('etc-passwd');
    expect(fileSafeName('  ..verborgen.  ', 'x')).toBe('verborgen');
  });

  it('falls back when nothing usable is left, and stays short', () => {
    expect(participantsCsvFileName('***')).toBe('deelnemers-activiteit.csv');
    expect(participantsCsvFileName('')).toBe('deelnemers-activiteit.csv');
    expect(fileSafeName('x'.repeat(500), 'y')).toHaveLength(80);
  });
});

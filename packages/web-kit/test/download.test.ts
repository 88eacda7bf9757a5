import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../src/download';

describe('fileSafeName (R-FILE-NAMES)', () => {
  it('drops accents and characters file systems refuse, and path tricks', () => {
    expect(fileSafeName('École Française', 'x')).toBe('ecole-francaise');
    expect(fileSafeName('a<b>c:d"e|f?g*h\\i', 'x')).toBe('a-b-c-d-e-f-g-h-i');
    expect(fileSafeName('../../etc/passwd', 'x')).toBe('etc-passwd');
    expect(fileSafeName('  ..verborgen.  ', 'x')).toBe('verborgen');
  });

  it('falls back when nothing usable is left, and stays short', () => {
    expect(fileSafeName('***', 'school')).toBe('school');
    expect(fileSafeName('', 'activiteit')).toBe('activiteit');
    expect(fileSafeName('x'.repeat(500), 'y')).toHaveLength(80);
    expect(fileSafeName(`${'a'.repeat(79)} b`, 'y')).toBe('a'.repeat(79));
  });
});

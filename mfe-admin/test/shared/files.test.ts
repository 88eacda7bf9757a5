import { describe, expect, it } from 'vitest';
import {
  blockQrFileName,
  localIsoDate,
  registrationsCsvFileName,
  schoolQrFileName,
} from '../../src/shared/lib/files';
import { dataUrlToBlob, isPng } from '../../src/catalog/lib/download';

describe('download file names (R-FILE-NAMES)', () => {
  it('names the school QR PNG qr-code-{school}.png with a file-name-safe school name', () => {
    expect(schoolQrFileName('De Regenboog')).toBe('qr-code-de-regenboog.png');
    expect(schoolQrFileName('OBS Sint-Jozef / Locatie Noord')).toBe(
      'qr-code-obs-sint-jozef-locatie-noord.png',
    );
    expect(schoolQrFileName("Basisschool 't Gouwe Kind")).toBe(
      'qr-code-basisschool-t-gouwe-kind.png',
    );
  });

  it('falls back to "school" when nothing usable is left', () => {
    expect(schoolQrFileName('***')).toBe('qr-code-school.png');
    expect(schoolQrFileName('')).toBe('qr-code-school.png');
  });

  it('names the block QR PNG block-{id}-qr.png', () => {
    expect(blockQrFileName(7)).toBe('block-7-qr.png');
  });
});

describe('dataUrlToBlob', () => {
  // The 8-byte PNG signature plus "IHDR" length bytes, base64.
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';

  it('decodes a base64 PNG data URL', async () => {
    const blob = dataUrlToBlob(png);
    expect(blob.type).toBe('image/png');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(isPng(bytes)).toBe(true);
    expect(bytes).toHaveLength(16);
  });

  it('decodes a percent-encoded data URL and refuses anything else', async () => {
    const blob = dataUrlToBlob('data:text/plain,hallo%20wereld');
    expect(await blob.text()).toBe('hallo wereld');
    expect(() => dataUrlToBlob('https://example.org/x.png')).toThrow();
  });

  it('tells a PNG from an HTML error page', () => {
    expect(isPng(new TextEncoder().encode('<html>502</html>'))).toBe(false);
    expect(isPng(new Uint8Array([0x89, 0x50]))).toBe(false);
  });
});

describe('registrations CSV file name (R-CSV-REGISTRATIONS)', () => {
  const day = new Date(2025, 2, 4, 23, 59);

  it('is aanmeldingen-{date}.csv without filters, in the local date', () => {
    expect(localIsoDate(day)).toBe('2025-03-04');
    expect(registrationsCsvFileName(day)).toBe('aanmeldingen-2025-03-04.csv');
    expect(registrationsCsvFileName(new Date(2025, 11, 31))).toBe('aanmeldingen-2025-12-31.csv');
  });

  it('names each chosen filter in a file-name-safe way, in a fixed order', () => {
    expect(
      registrationsCsvFileName(day, {
        status: 'Nieuw',
        activity: 'Voetbal & Zo!',
        block: 'Blok 1',
        school: "Basisschool 't Gouwe Kind",
      }),
    ).toBe(
      'aanmeldingen-2025-03-04-school-basisschool-t-gouwe-kind-blok-blok-1-activiteit-voetbal-zo-status-nieuw.csv',
    );
    expect(registrationsCsvFileName(day, { status: 'Goedgekeurd' })).toBe(
      'aanmeldingen-2025-03-04-status-goedgekeurd.csv',
    );
    expect(registrationsCsvFileName(day, { school: 'École/../Noord' })).toBe(
      'aanmeldingen-2025-03-04-school-ecole-noord.csv',
    );
  });

  it('cuts long names and drops names with nothing file-safe in them', () => {
    const name = registrationsCsvFileName(day, { activity: 'x'.repeat(200) });
    expect(name).toBe(`aanmeldingen-2025-03-04-activiteit-${'x'.repeat(40)}.csv`);
    expect(registrationsCsvFileName(day, { school: '???' })).toBe('aanmeldingen-2025-03-04.csv');
    expect(registrationsCsvFileName(day, { school: '#12' })).toBe(
      'aanmeldingen-2025-03-04-school-12.csv',
    );
  });

  it('only ever uses file-name-safe characters', () => {
    const name = registrationsCsvFileName(day, {
      school: 'a<b>c:d"e|f?g*h\\i',
      block: '../../etc',
      activity: 'Zwemmen 🏊',
      status: 'Afgewezen',
    });
    expect(name).toMatch(/^[a-z0-9._-]+$/);
  });
});

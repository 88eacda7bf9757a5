import { describe, expect, it } from 'vitest';
import { openLink, seal, sealLink, unseal } from '../src/link-seal.js';

const SECRET = 'a-link-seal-secret-of-at-least-32-characters';

describe('sealed links (R-SEC-TOKENS)', () => {
  it('opens what it sealed, and hides the link', () => {
    const link = 'http://localhost:8080/my-signup#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const sealed = sealLink(link, SECRET, 60_000);
    expect(sealed).not.toContain('my-signup');
    expect(sealed).not.toContain('abcdefghij');
    expect(openLink(sealed, SECRET)).toBe(link);
    expect(sealLink(link, SECRET, 60_000)).not.toBe(sealed);
  });

  it('refuses another key, an altered seal, an expired one, and anything else', () => {
    const sealed = sealLink('http://x/y', SECRET, 60_000, 1_000);
    expect(openLink(sealed, SECRET, 2_000)).toBe('http://x/y');
    expect(openLink(sealed, `${SECRET}!`, 2_000)).toBeNull();
    expect(openLink(sealed, SECRET, 61_000)).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(openLink(flipped, SECRET, 2_000)).toBeNull();
    for (const junk of ['', 'nsl1.', 'nsl1.AAAA', 'Fe26.2**sealed', 'nsl1.!!!'])
      expect(openLink(junk, SECRET, 2_000)).toBeNull();
  });

  it('keeps each purpose apart, and a value without expiry opens for as long as the secret stays', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', { secret: SECRET, purpose: 'totp-secret' }, 1_000);
    expect(unseal(sealed, { secret: SECRET, purpose: 'totp-secret' }, 4e12)).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(unseal(sealed, { secret: SECRET, purpose: 'link' })).toBeNull();
    expect(openLink(sealed, SECRET)).toBeNull();
    expect(
      unseal(sealLink('http://x/y', SECRET, 60_000), { secret: SECRET, purpose: 'totp-secret' }),
    ).toBeNull();
  });

  it('opens a link sealed under the previous secret while a rotation names it, and only then', () => {
    const previous = `${SECRET}-before-the-rotation`;
    const sealed = sealLink('http://x/mine', previous, 60_000, 1_000);
    expect(openLink(sealed, SECRET, 2_000)).toBeNull();
    expect(openLink(sealed, [SECRET, previous], 2_000)).toBe('http://x/mine');
    expect(
      openLink(sealLink('http://x/new', SECRET, 60_000, 1_000), [SECRET, previous], 2_000),
    ).toBe('http://x/new');
    expect(openLink(sealed, [SECRET], 2_000)).toBeNull();
  });
});

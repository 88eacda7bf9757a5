import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FULL_REASON,
  KNOWN_REJECTION_REASONS,
  rejectionReasonText,
} from '../src/rejection-reason.js';
import { LANGS } from '../src/lang.js';

describe('rejectionReasonText', () => {
  it('keeps the stored value of R-REVIEW-CAPACITY', () => {
    expect(ACTIVITY_FULL_REASON).toBe('activity full');
  });

  it('shows the automatic "activity full" in the reader\'s language', () => {
    expect(rejectionReasonText(ACTIVITY_FULL_REASON, 'nl')).toBe('Activiteit vol');
    expect(rejectionReasonText(ACTIVITY_FULL_REASON, 'en')).toBe('Activity full');
  });

  it('recognises the stored value however it is spaced or capitalised', () => {
    expect(rejectionReasonText(' Activity Full ', 'nl')).toBe('Activiteit vol');
  });

  it("shows an admin's own reason as it was typed", () => {
    expect(rejectionReasonText('kind te jong', 'en')).toBe('kind te jong');
    expect(rejectionReasonText('the activity is full of surprises', 'nl')).toBe(
      'the activity is full of surprises',
    );
    expect(rejectionReasonText('constructor', 'nl')).toBe('constructor');
  });

  it('has a text in every language for every known reason', () => {
    for (const texts of Object.values(KNOWN_REJECTION_REASONS)) {
      for (const lang of LANGS) expect(texts[lang].trim()).not.toBe('');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { providerParams } from '../src/lib/params';

describe('provider link parameters (R-PROVIDER-PARAMS: activity id and token are required)', () => {
  it('accepts a numeric activity id with a token', () => {
    expect(providerParams('12', '?token=abc123')).toEqual({ activityId: 12, token: 'abc123' });
    expect(providerParams('7', '?lng=en&token=t%2Bk')).toEqual({ activityId: 7, token: 't+k' });
  });

  it('refuses a missing or empty token', () => {
    expect(providerParams('12', '')).toBeNull();
    expect(providerParams('12', '?token=')).toBeNull();
    expect(providerParams('12', '?token=%20%20')).toBeNull();
    expect(providerParams('12', '?lng=en')).toBeNull();
  });

  it('refuses a missing or non-numeric activity id', () => {
    expect(providerParams(undefined, '?token=abc')).toBeNull();
    expect(providerParams('', '?token=abc')).toBeNull();
    expect(providerParams('abc', '?token=abc')).toBeNull();
    expect(providerParams('1.5', '?token=abc')).toBeNull();
    expect(providerParams('-3', '?token=abc')).toBeNull();
    expect(providerParams('0', '?token=abc')).toBeNull();
    expect(providerParams('1e3', '?token=abc')).toBeNull();
    expect(providerParams('99999999999999999999', '?token=abc')).toBeNull();
  });
});

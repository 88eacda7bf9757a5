import { describe, expect, it } from 'vitest';
import type { ProviderLinkStatus } from '@nsa/contracts';
import {
  needsConfirm,
  providerLinkActions,
  providerLinkState,
} from '../../src/catalog/lib/provider-link';

const now = new Date('2026-03-10T12:00:00Z');
const status = (over: Partial<ProviderLinkStatus>): ProviderLinkStatus => ({
  revoked: false,
  expiresAt: '2026-04-01T00:00:00Z',
  createdAt: '2026-03-01T00:00:00Z',
  lastUsedAt: null,
  state: 'active',
  ...over,
});

describe('provider link states (R-PROVIDER-LINK-STATES)', () => {
  it('is none without a link (the status call answered 404)', () => {
    expect(providerLinkState(null, now)).toBe('none');
  });

  it('reads active, revoked and expired', () => {
    expect(providerLinkState(status({}), now)).toBe('active');
    expect(providerLinkState(status({ expiresAt: null }), now)).toBe('active');
    expect(providerLinkState(status({ revoked: true, state: 'revoked' }), now)).toBe('revoked');
    expect(providerLinkState(status({ state: 'expired' }), now)).toBe('expired');
  });

  it('counts a link whose expiry passed as expired, even if the answer said active', () => {
    expect(providerLinkState(status({ expiresAt: '2026-03-10T11:59:59Z' }), now)).toBe('expired');
  });

  it('keeps revoked over expired: revoking is permanent', () => {
    expect(
      providerLinkState(status({ revoked: true, expiresAt: '2020-01-01T00:00:00Z' }), now),
    ).toBe('revoked');
  });
});

describe('actions offered per state', () => {
  it('none: generate', () => {
    expect(providerLinkActions('none')).toEqual(['generate']);
  });

  it('active: regenerate or revoke, both confirmed first', () => {
    expect(providerLinkActions('active')).toEqual(['regenerate', 'revoke']);
    expect(needsConfirm('regenerate')).toBe(true);
    expect(needsConfirm('revoke')).toBe(true);
  });

  it('revoked: only a new link; expired: only generate; no confirm needed', () => {
    expect(providerLinkActions('revoked')).toEqual(['generateNew']);
    expect(providerLinkActions('expired')).toEqual(['generate']);
    expect(needsConfirm('generate')).toBe(false);
    expect(needsConfirm('generateNew')).toBe(false);
  });

  it('never offers revoke for a link that no longer works', () => {
    for (const state of ['none', 'revoked', 'expired'] as const) {
      expect(providerLinkActions(state)).not.toContain('revoke');
    }
  });
});

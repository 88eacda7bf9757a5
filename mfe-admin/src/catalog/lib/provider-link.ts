// R-PROVIDER-LINK-STATES: which actions the link manager offers in each state.
import type { ProviderLinkStatus } from '@nsa/contracts';

export type ProviderLinkState = 'none' | 'active' | 'revoked' | 'expired';

export type ProviderLinkAction = 'generate' | 'regenerate' | 'revoke' | 'generateNew';

/**
 * The state of a link; `null` is "no link" (the status call answered 404).
 * A link whose expiry passed while the screen was open counts as expired even
 * if the server's answer still says active.
 */
export function providerLinkState(
  status: ProviderLinkStatus | null,
  now: Date = new Date(),
): ProviderLinkState {
  if (!status) return 'none';
  if (status.revoked || status.state === 'revoked') return 'revoked';
  if (status.state === 'expired') return 'expired';
  if (status.expiresAt) {
    const expires = new Date(status.expiresAt).getTime();
    if (!Number.isNaN(expires) && expires <= now.getTime()) return 'expired';
  }
  return 'active';
}

/**
 * none → generate; active → regenerate (old link stops working) or revoke
 * (permanent), both confirmed; revoked → only a new link; expired → only generate.
 */
export function providerLinkActions(state: ProviderLinkState): ProviderLinkAction[] {
  switch (state) {
    case 'none':
      return ['generate'];
    case 'active':
      return ['regenerate', 'revoke'];
    case 'revoked':
      return ['generateNew'];
    case 'expired':
      return ['generate'];
  }
}

/** Actions that replace or end a working link, and so ask for a browser confirm first. */
export function needsConfirm(action: ProviderLinkAction): boolean {
  return action === 'regenerate' || action === 'revoke';
}

import type { BulkAction } from './bulk';

/** The bulk actions, in the order of their buttons. */
export const BULK_ACTIONS: readonly BulkAction[] = ['approve', 'reject', 'revert'];

/** Each bulk action's button look: plain, danger (reject) or secondary (revert). */
export const BULK_TONE: Record<BulkAction, string> = {
  approve: '',
  reject: 'adm-danger',
  revert: 'secondary',
};

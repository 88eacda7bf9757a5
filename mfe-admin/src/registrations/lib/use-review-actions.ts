import { useTranslation } from 'react-i18next';
import { errorBody, serverMessage, useToast } from '@nsa/web-kit';
import type { AdminRegistration } from '@nsa/contracts';
import {
  useApproveRegistration,
  useRejectRegistration,
  useRevertRegistration,
} from '../api/registrations';
import { NAMESPACE } from '../../namespace';
import { actionError } from '../../shared/lib/errors';
import { approvalRefusedAsFull, childNameOf } from './registration-status';

/**
 * Approve, reject and revert with their notices (R-REVIEW-SCREEN, R-REVIEW-CLIENT-FULL,
 * R-ADMIN-ERRORS). Approve and reject work for waitlisted and offered sign-ups too.
 */
export function useReviewActions() {
  const { t } = useTranslation(NAMESPACE);
  const childName = (r: AdminRegistration) => childNameOf(r) ?? t('registrations.erased');
  const { toast } = useToast();
  const approveCall = useApproveRegistration();
  const rejectCall = useRejectRegistration();
  const revertCall = useRevertRegistration();

  const done = (key: 'approved' | 'rejected' | 'reverted', r: AdminRegistration) =>
    toast({
      title: t(`registrations.done.${key}`),
      description: t('registrations.doneText', { name: childName(r), activity: r.activity.title }),
    });
  const failed = (key: 'approve' | 'reject' | 'revert', error: unknown) =>
    toast({
      variant: 'destructive',
      title: t(`registrations.failed.${key}`),
      description: actionError(error, t('registrations.failed.generic')),
    });

  /** Why the activity counts as full; held offers named when there are any. */
  const fullText = (r: AdminRegistration) => {
    const { capacity, approvedCount, offeredCount } = r.activity;
    return offeredCount
      ? t('registrations.full.textWithOffers', {
          capacity,
          approved: approvedCount,
          offered: offeredCount,
        })
      : t('registrations.full.text', { capacity });
  };

  /**
   * R-REVIEW-CLIENT-FULL: refused before any call when approved plus offered places reach
   * capacity; says so. An offered sign-up's place is already held, so it is never refused.
   */
  const mayApprove = (r: AdminRegistration): boolean => {
    if (!approvalRefusedAsFull(r)) return true;
    toast({
      variant: 'destructive',
      title: t('registrations.full.title'),
      description: fullText(r),
    });
    return false;
  };

  const approve = (r: AdminRegistration, sendEmail: boolean, onSettled: () => void) => {
    if (!mayApprove(r)) {
      onSettled();
      return;
    }
    approveCall.mutate(
      { id: r.id, sendEmail },
      {
        onSuccess: (updated) => {
          // R-REVIEW-CAPACITY: the activity filled up meanwhile; the server rejected it.
          if (updated?.status === 'rejected') {
            toast({
              variant: 'destructive',
              title: t('registrations.autoRejected.title'),
              description: t('registrations.autoRejected.text', {
                name: childName(r),
                activity: r.activity.title,
              }),
            });
          } else {
            done('approved', r);
          }
        },
        onError: (error) => {
          // Approving from the waiting list while the activity is full (the list was stale):
          // the server refuses and the sign-up stays in line. Its own message says so.
          if (errorBody(error)?.code === 'ACTIVITY_FULL') {
            toast({
              variant: 'destructive',
              title: t('registrations.full.title'),
              description: serverMessage(error, fullText(r)),
            });
          } else failed('approve', error);
        },
        onSettled,
      },
    );
  };

  const reject = (
    r: AdminRegistration,
    values: { reason: string; sendEmail: boolean },
    onSettled: () => void,
  ) => {
    rejectCall.mutate(
      { id: r.id, ...values },
      {
        onSuccess: () => done('rejected', r),
        onError: (error) => failed('reject', error),
        onSettled,
      },
    );
  };

  /** R-ADMIN-CONFIRM: after a browser confirm. */
  const revert = (r: AdminRegistration) => {
    if (!window.confirm(t('registrations.confirmRevert', { name: childName(r) }))) return;
    revertCall.mutate(r.id, {
      onSuccess: () => done('reverted', r),
      onError: (error) => failed('revert', error),
    });
  };

  /** Sign-ups whose call is running: their buttons wait. */
  const pending = new Set<number>();
  if (approveCall.isPending && approveCall.variables) pending.add(approveCall.variables.id);
  if (rejectCall.isPending && rejectCall.variables) pending.add(rejectCall.variables.id);
  if (revertCall.isPending && revertCall.variables !== undefined) pending.add(revertCall.variables);

  return {
    mayApprove,
    approve,
    reject,
    revert,
    pending,
    approving: approveCall.isPending,
    rejecting: rejectCall.isPending,
  };
}

import { lazy, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';
import type { RegistrationDialogProps } from './registration-dialog-props';

// The dialog (and zod with it) is not part of the school page's first load.
const importDialog = () =>
  import(/* webpackChunkName: "registration-dialog" */ './RegistrationDialog');

/** Starts fetching the dialog's code, e.g. when a sign-up button is hovered or focused. */
export function preloadRegistrationDialog(): void {
  importDialog().catch(() => {
    // Tried again when the dialog is opened.
  });
}

function DialogLoadFailed({ onClose }: RegistrationDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  useEffect(() => {
    toast({
      title: t('registration.failedTitle'),
      description: t('registration.networkError'),
      variant: 'destructive',
    });
    onClose();
  }, [onClose, t, toast]);
  return null;
}

// React.lazy remembers a failure for good, so a failed load makes a fresh
// lazy component for the next attempt.
function makeLazyDialog() {
  return lazy<ComponentType<RegistrationDialogProps>>(() =>
    importDialog().catch(() => {
      current = makeLazyDialog();
      return { default: DialogLoadFailed };
    }),
  );
}
let current = makeLazyDialog();

export function lazyRegistrationDialog() {
  return current;
}

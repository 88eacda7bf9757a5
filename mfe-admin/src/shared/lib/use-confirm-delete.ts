import { useTranslation } from 'react-i18next';
import { useToast, type ToastInput } from '@nsa/web-kit';
import { NAMESPACE } from '../../namespace';
import { actionError } from './errors';

/** What deleting needs of a react-query delete mutation (it takes the item's id). */
export interface DeleteMutation {
  isPending: boolean;
  variables: number | undefined;
  mutate(id: number, options: { onSuccess: () => void; onError: (error: Error) => void }): void;
}

export interface DeleteTexts<T> {
  /** The question of the browser confirm (R-ADMIN-CONFIRM). */
  confirm: (item: T) => string;
  /** The toast after the delete. */
  deleted: (item: T) => ToastInput;
  /** The destructive toast's title and text when the delete fails. */
  failed: (error: Error) => { title: string; description: string };
}

export interface ConfirmDelete<T> {
  /** Asks, then deletes and says how it went in a toast. */
  confirmDelete: (item: T) => void;
  /** True while this item's delete runs: its button is disabled. */
  isDeleting: (item: T) => boolean;
}

/** Delete after a browser confirm, with a toast for the outcome. */
export function useConfirmDelete<T extends { id: number }>(
  remove: DeleteMutation,
  texts: DeleteTexts<T>,
): ConfirmDelete<T> {
  const { toast } = useToast();
  return {
    confirmDelete: (item) => {
      if (!window.confirm(texts.confirm(item))) return;
      remove.mutate(item.id, {
        onSuccess: () => {
          toast(texts.deleted(item));
        },
        onError: (error) => {
          toast({ variant: 'destructive', ...texts.failed(error) });
        },
      });
    },
    isDeleting: (item) => remove.isPending && remove.variables === item.id,
  };
}

/**
 * The texts of deleting a named item from the screen's i18n section
 * (`schools`, `providers`, `blocks`): `confirmDelete`, `deleted`,
 * `deletedText` and `deleteFailed`, each with the item's name.
 */
export function useNamedDeleteTexts<T extends { name: string }>(section: string): DeleteTexts<T> {
  const { t } = useTranslation(NAMESPACE);
  return {
    confirm: (item) => t(`${section}.confirmDelete`, { name: item.name }),
    deleted: (item) => ({
      title: t(`${section}.deleted`),
      description: t(`${section}.deletedText`, { name: item.name }),
    }),
    failed: (error) => ({
      title: t('common.failTitle'),
      description: actionError(error, t(`${section}.deleteFailed`)),
    }),
  };
}

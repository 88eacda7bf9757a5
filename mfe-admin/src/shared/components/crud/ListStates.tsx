import type { ReactNode } from 'react';
import { Spinner } from '@nsa/web-kit';
import { LoadError } from '../LoadError';

/** What the list states need of a react-query list query. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  refetch: () => unknown;
}

export interface ListStateTexts {
  loading: string;
  loadFailed: string;
  empty: string;
}

interface ListStatesProps<T> {
  query: ListQuery<T>;
  texts: ListStateTexts;
  errorTestId: string;
  emptyTestId: string;
  /** The empty message's class: `empty` (a dashed box) unless a screen asks for less. */
  emptyClassName?: string;
  /** The list itself, once there is at least one item. */
  children: (items: T[]) => ReactNode;
}

/** A loaded list's three other states: loading, failed (with retry) and empty. */
export function ListStates<T>({
  query,
  texts,
  errorTestId,
  emptyTestId,
  emptyClassName = 'empty',
  children,
}: ListStatesProps<T>) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  if (query.isError || query.data === undefined) {
    return (
      <LoadError
        message={texts.loadFailed}
        onRetry={() => void query.refetch()}
        testId={errorTestId}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <p className={emptyClassName} data-testid={emptyTestId}>
        {texts.empty}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

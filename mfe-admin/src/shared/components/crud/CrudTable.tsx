import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ConfirmDelete } from '../../lib/use-confirm-delete';
import { ListStates, type ListQuery, type ListStateTexts } from './ListStates';
import { ActionsHeader, RowAction } from './RowAction';

/** One column of a CRUD table. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The item's name: a row header (`<th scope="row">`) rather than a labelled data cell. */
  rowHeader?: boolean;
  className?: string;
}

export interface CrudTableTexts<T> extends ListStateTexts {
  /** The table's (visually hidden) caption. */
  caption: string;
  /** The accessible names of a row's edit and delete buttons. */
  editLabel: (item: T) => string;
  deleteLabel: (item: T) => string;
}

interface CrudTableProps<T extends { id: number }> {
  /**
   * The singular the test ids are made of: `school` gives `schools-table`,
   * `school-row` with `data-school-id`, `schools-error` and `schools-empty`.
   */
  kind: string;
  query: ListQuery<T>;
  texts: CrudTableTexts<T>;
  columns: Column<T>[];
  onEdit: (item: T) => void;
  remove: ConfirmDelete<T>;
  /** A row's own actions, shown before Edit and Delete. */
  actions?: (item: T) => ReactNode;
  /** Shown above the table once there is something in it. */
  toolbar?: ReactNode;
  emptyClassName?: string;
  /** A class of the screen's own, next to `table stack`. */
  tableClassName?: string;
}

/**
 * A list screen's table: loading, error and empty states, one row per item
 * with the given columns, and Edit and Delete buttons named after the item.
 */
export function CrudTable<T extends { id: number }>({
  kind,
  query,
  texts,
  columns,
  onEdit,
  remove,
  actions,
  toolbar,
  emptyClassName,
  tableClassName,
}: CrudTableProps<T>) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ListStates
      query={query}
      texts={texts}
      errorTestId={`${kind}s-error`}
      emptyTestId={`${kind}s-empty`}
      emptyClassName={emptyClassName}
    >
      {(items) => (
        <>
          {toolbar}
          <div className="adm-table-scroll">
            <table
              className={
                tableClassName ? `adm-table adm-stack ${tableClassName}` : 'adm-table adm-stack'
              }
              data-testid={`${kind}s-table`}
            >
              <caption className="visually-hidden">{texts.caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col">
                      {column.header}
                    </th>
                  ))}
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr
                    key={item.id}
                    data-testid={`${kind}-row`}
                    {...{ [`data-${kind}-id`]: item.id }}
                  >
                    {columns.map((column) =>
                      column.rowHeader ? (
                        <th key={column.header} scope="row" className={column.className}>
                          {column.cell(item)}
                        </th>
                      ) : (
                        <td
                          key={column.header}
                          data-label={column.header}
                          className={column.className}
                        >
                          {column.cell(item)}
                        </td>
                      ),
                    )}
                    <td>
                      <div className="adm-row-actions">
                        {actions?.(item)}
                        <RowAction label={texts.editLabel(item)} onClick={() => onEdit(item)}>
                          {t('common.edit')}
                        </RowAction>
                        <RowAction
                          danger
                          label={texts.deleteLabel(item)}
                          disabled={remove.isDeleting(item)}
                          onClick={() => remove.confirmDelete(item)}
                        >
                          {t('common.delete')}
                        </RowAction>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </ListStates>
  );
}

/**
 * The table texts of a list of named items from the screen's i18n section
 * (`schools`, `providers`, `blocks`): `listTitle`, `loading`, `loadFailed`,
 * `empty`, `editOf` and `deleteOf`.
 */
export function useNamedTableTexts<T extends { name: string }>(section: string): CrudTableTexts<T> {
  const { t } = useTranslation(NAMESPACE);
  return {
    caption: t(`${section}.listTitle`),
    loading: t(`${section}.loading`),
    loadFailed: t(`${section}.loadFailed`),
    empty: t(`${section}.empty`),
    editLabel: (item) => t(`${section}.editOf`, { name: item.name }),
    deleteLabel: (item) => t(`${section}.deleteOf`, { name: item.name }),
  };
}

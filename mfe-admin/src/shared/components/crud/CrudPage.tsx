import { useState, type ReactNode } from 'react';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../../../namespace';
import { BackToDashboard } from '../BackLink';
import type { EditState } from './FormDialog';

interface CrudPageProps<T> {
  /** The page's data-page name, e.g. `admin-schools`. */
  page: string;
  title: string;
  /** The list section's heading and its id. */
  heading: { id: string; text: string };
  addLabel: string;
  addDisabled?: boolean;
  /** Shown between the back link and the list section. */
  before?: ReactNode;
  /** The list; `edit` opens the form dialog for an item. */
  list: (edit: (item: T) => void) => ReactNode;
  /** The create/edit dialog for the current state. */
  dialog: (state: EditState<T>, close: () => void) => ReactNode;
  /** Further dialogs of the page. */
  children?: ReactNode;
}

/** An admin list screen: back link, a card with the list and an add button, and the form dialog. */
export function CrudPage<T>({
  page,
  title,
  heading,
  addLabel,
  addDisabled,
  before,
  list,
  dialog,
  children,
}: CrudPageProps<T>) {
  const [state, setState] = useState<EditState<T>>(null);
  return (
    <Page remote={NAMESPACE} page={page} title={title}>
      <BackToDashboard />
      {before}
      <section className="adm-card" aria-labelledby={heading.id}>
        <div className="adm-section-head">
          <h2 id={heading.id}>{heading.text}</h2>
          <button
            type="button"
            className="button"
            disabled={addDisabled}
            onClick={() => setState({ item: null })}
          >
            {addLabel}
          </button>
        </div>
        {list((item) => setState({ item }))}
      </section>
      {dialog(state, () => setState(null))}
      {children}
    </Page>
  );
}

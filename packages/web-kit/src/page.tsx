import type { ReactNode } from 'react';

export interface PageProps {
  /** The remote that renders the page; end-to-end tests select on it. */
  remote: string;
  page: string;
  title: string;
  children?: ReactNode;
}

/** The root element every remote page shares: `<main data-remote data-page>` with an `<h1>`. */
export function Page({ remote, page, title, children }: PageProps) {
  return (
    <main className="page" data-remote={remote} data-page={page}>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

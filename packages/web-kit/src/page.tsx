import type { ReactNode } from 'react';

export interface PageProps {
  /** The remote that renders the page; end-to-end tests select on it. */
  remote: string;
  page: string;
  title: string;
  /** `auto` when the title is a name someone typed (a school's), which keeps its own direction. */
  titleDir?: 'auto';
  /** Made to be printed: base.css prints it without the shell around it. */
  printable?: boolean;
  children?: ReactNode;
}

/** The root element every remote page shares: `<main data-remote data-page>` with an `<h1>`. */
export function Page({ remote, page, title, titleDir, printable = false, children }: PageProps) {
  return (
    <main
      className="page"
      data-remote={remote}
      data-page={page}
      data-printable={printable ? '' : undefined}
    >
      <h1 dir={titleDir}>{title}</h1>
      {children}
    </main>
  );
}

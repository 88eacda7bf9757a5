import type { ReactNode } from 'react';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';
import { SiteFooter } from './SiteFooter';

const PAGE = 'my-signup';

/** The frame of every state of the parent's own page: the page with its title, and the footer. */
export function MySignupFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Page remote={NAMESPACE} page={PAGE} title={title}>
        {children}
      </Page>
      <SiteFooter />
    </>
  );
}

// R-ORG-LANGUAGES: each organisation chooses the languages its public pages offer; GET
// /api/app-config (public, for the organisation of the page's host) names them. The shell reads
// it once, and the page's languages (remotes/route-remotes.ts, languagesOf) are narrowed to them
// on the public side once the answer is there.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { apiFetch } from '@nsa/web-kit';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nsa/web-kit/languages';
import { languagesOf } from './remotes/route-remotes';

/**
 * The shell's entry in the QueryClient it shares with the remotes. Not mfe-public's
 * ['app-config'], which holds that remote's own reading of the same answer (its organisation,
 * without the languages); under it, so that refreshing that one refreshes this one too.
 */
export const ORGANISATION_LANGUAGES_KEY = ['app-config', 'languages'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((language) => language === value);

/**
 * The languages an app config's organisation offers, in LANGUAGES' order; null when it names
 * none that can be used (an older server leaves them out; a list with an unknown code, or
 * without Dutch, is not trusted): the page then offers all its languages.
 */
export function organisationLanguages(config: unknown): readonly Language[] | null {
  const organisation = isRecord(config) ? config.organisation : undefined;
  const languages = isRecord(organisation) ? organisation.languages : undefined;
  if (!Array.isArray(languages) || !languages.every(isLanguage)) return null;
  if (!languages.includes(DEFAULT_LANGUAGE)) return null;
  return LANGUAGES.filter((language) => languages.includes(language));
}

/** The organisation's languages: undefined until read, null when they cannot be. */
function useOrganisationLanguages(): readonly Language[] | null | undefined {
  const { data } = useQuery({
    queryKey: ORGANISATION_LANGUAGES_KEY,
    queryFn: async ({ signal }) => {
      try {
        return organisationLanguages(await apiFetch('/api/app-config', { signal }));
      } catch (error) {
        // A cancelled query must stay cancelled; a failed call changes nothing (the page keeps
        // offering what its path gives).
        if (signal.aborted) throw error;
        return null;
      }
    },
  });
  return data;
}

/** The languages the current page offers (the switcher lists them; others show Dutch). */
export function usePageLanguages(): readonly Language[] {
  const { pathname } = useLocation();
  const organisation = useOrganisationLanguages();
  return useMemo(() => languagesOf(pathname, organisation), [pathname, organisation]);
}

import { useSearchParams } from 'react-router-dom';
import {
  filtersFromSearch,
  filtersToSearch,
  type RegistrationFilters,
} from './registration-filters';

type FiltersChange = RegistrationFilters | ((current: RegistrationFilters) => RegistrationFilters);

/** The sign-up list's filters and page, kept in the address bar (other parameters stay). */
export function useRegistrationFilters() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersFromSearch(params);
  /**
   * New filters start at page 1 unless a page is given. A function gets the
   * filters as the address bar has them now: the router's own `current`
   * is the last render's, so two changes before the next render would
   * otherwise undo each other.
   */
  const set = (change: FiltersChange, nextPage = 1) => {
    const current =
      typeof window === 'undefined' ? params : new URLSearchParams(window.location.search);
    const next = typeof change === 'function' ? change(filtersFromSearch(current).filters) : change;
    setParams(filtersToSearch(next, nextPage, current), { replace: true });
  };
  return { filters, page, set };
}

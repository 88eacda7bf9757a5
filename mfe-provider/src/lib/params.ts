// The provider link is /provider/{activityId}?token=… (R-PROVIDER-PAGE). Pure, so it is unit
// tested.

export interface ProviderParams {
  activityId: number;
  token: string;
}

/**
 * Both parts of the link, or null when either is missing or unusable
 * (R-PROVIDER-PARAMS: the page then says 'Activity ID en token zijn vereist' and makes no
 * call). The activity id must be a positive whole number; the token only has
 * to be present, the server decides whether it is valid.
 */
export function providerParams(
  activityId: string | undefined,
  search: string,
): ProviderParams | null {
  const id = activityId?.trim() ?? '';
  if (!/^\d+$/.test(id)) return null;
  const numericId = Number(id);
  if (numericId < 1 || !Number.isSafeInteger(numericId)) return null;

  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  if (token === '') return null;
  return { activityId: numericId, token };
}

/** The page's two views (R-ATTENDANCE-PAGE): the participant list (the default) and attendance. */
export type ProviderView = 'list' | 'attendance';

export function providerView(search: string): ProviderView {
  return new URLSearchParams(search).get('view') === 'attendance' ? 'attendance' : 'list';
}

/** The query of a view's address: the token, and the view unless it is the list. */
export function providerSearch(token: string, view: ProviderView): string {
  const q = new URLSearchParams({ token });
  if (view === 'attendance') q.set('view', 'attendance');
  return `?${q.toString()}`;
}

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

export const documentFile: string;
export const SERVICE_LISTS: ReadonlyArray<readonly [pkg: string, exportName: string]>;
export function buildDocument(): Promise<Record<string, unknown>>;
export function renderDocument(): Promise<string>;

export const k8sDir: string;
/** Every rendered file: its path below deploy/k8s and its text given the current one. */
export const RENDERED: Record<string, (current: string) => string>;
/** The files whose rendered text differs from what is on disk: [path, text]. */
export function staleFiles(): Array<[file: string, text: string]>;

export const root: string;
export function workspaceDirs(tree?: string): string[];
export function workspaces(): {
  dir: string;
  name: string;
  scripts: Record<string, string>;
  hasTsconfig: boolean;
}[];

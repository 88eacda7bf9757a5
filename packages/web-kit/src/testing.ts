// Helpers for tests only; kept out of the main entry so no bundle carries them.

// R-LANG-KEYS: one check of a language's texts for the server's texts and the screens'.
export { translationProblems, type TranslationProblems } from '@nsa/contracts/testing';

type Tree = { readonly [key: string]: unknown };

function flattenKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? flattenKeys(value as Tree, path)
      : [path];
  });
}

/** Keys present in one language file and not in the other. */
export function keyDifference(
  first: Tree,
  second: Tree,
): { onlyInFirst: string[]; onlyInSecond: string[] } {
  const a = new Set(flattenKeys(first));
  const b = new Set(flattenKeys(second));
  return {
    onlyInFirst: [...a].filter((key) => !b.has(key)).sort(),
    onlyInSecond: [...b].filter((key) => !a.has(key)).sort(),
  };
}

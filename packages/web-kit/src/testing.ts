// Helpers for tests only; kept out of the main entry so no bundle carries them.

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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

/** What is wrong with one language's texts next to the reference (the Dutch ones). */
export interface TranslationProblems {
  /** Keys of the reference the language lacks (a plural key's forms count as one key). */
  missing: string[];
  /** Keys the reference does not have. */
  extra: string[];
  /** Keys whose placeholders (`{{name}}`, over all plural forms) differ from the reference's. */
  placeholders: string[];
  /** Plural keys whose forms are not the language's own plural categories (Intl.PluralRules). */
  plurals: string[];
}

/** Leaf keys with their texts, plural forms grouped under their key ('count_one' → 'count'). */
function textsByKey(tree: Tree): Map<string, { forms: Set<string>; texts: string[] }> {
  const byKey = new Map<string, { forms: Set<string>; texts: string[] }>();
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        walk(value as Tree, path);
        continue;
      }
      const form = PLURAL_SUFFIX.exec(path)?.[1];
      const base = form ? path.slice(0, -form.length - 1) : path;
      const entry = byKey.get(base) ?? { forms: new Set<string>(), texts: [] };
      if (form) entry.forms.add(form);
      entry.texts.push(String(value));
      byKey.set(base, entry);
    }
  };
  walk(tree, '');
  return byKey;
}

function placeholders(texts: string[]): string {
  const names = new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1])));
  return [...names].sort().join(',');
}

/**
 * R-LANG-KEYS: checks a language's texts against the reference's: the same keys, the same
 * placeholders, and for each plural key exactly the plural forms the language has (Arabic six,
 * Polish and Ukrainian four, Dutch, English and Turkish two).
 */
export function translationProblems(
  reference: Tree,
  translation: Tree,
  language: string,
): TranslationProblems {
  const ours = textsByKey(reference);
  const theirs = textsByKey(translation);
  const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories]
    .sort()
    .join(',');
  const problems: TranslationProblems = { missing: [], extra: [], placeholders: [], plurals: [] };
  for (const [key, entry] of ours) {
    const other = theirs.get(key);
    if (!other) {
      problems.missing.push(key);
      continue;
    }
    if (placeholders(entry.texts) !== placeholders(other.texts)) problems.placeholders.push(key);
    const plural = entry.forms.size > 0 || other.forms.size > 0;
    if (plural && [...other.forms].sort().join(',') !== categories) problems.plurals.push(key);
  }
  for (const key of theirs.keys()) if (!ours.has(key)) problems.extra.push(key);
  return problems;
}

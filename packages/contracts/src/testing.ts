// For tests only (`@nsa/contracts/testing`): the check of R-LANG-KEYS on the server's texts (the
// API's messages in contracts and in each service, and svc-notify's emails).
import { LANGS } from './lang.js';

type Tree = { readonly [key: string]: unknown };

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
  /** Keys whose text is empty. */
  empty: string[];
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

/**
 * Leaf keys with their texts, plural forms grouped under their key ('count_one' → 'count'); an
 * array's items are keys of their own ('weekdays.0').
 */
function textsByKey(tree: Tree): Map<string, { forms: Set<string>; texts: string[] }> {
  const byKey = new Map<string, { forms: Set<string>; texts: string[] }>();
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'object' && value !== null) {
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
 * placeholders, no empty text, and for each plural key exactly the plural forms the language has
 * (Arabic six, Polish and Ukrainian four, Dutch, English and Turkish two).
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
  const problems: TranslationProblems = {
    missing: [],
    extra: [],
    placeholders: [],
    plurals: [],
    empty: [],
  };
  for (const [key, entry] of ours) {
    const other = theirs.get(key);
    if (!other) {
      problems.missing.push(key);
      continue;
    }
    if (placeholders(entry.texts) !== placeholders(other.texts)) problems.placeholders.push(key);
    const plural = entry.forms.size > 0 || other.forms.size > 0;
    if (plural && [...other.forms].sort().join(',') !== categories) problems.plurals.push(key);
    if (other.texts.some((text) => text.trim() === '')) problems.empty.push(key);
  }
  for (const key of theirs.keys()) if (!ours.has(key)) problems.extra.push(key);
  return problems;
}

/**
 * The problems of every language of `resources` next to its Dutch, only the languages that have
 * any: `{}` when all is well. Fails on a language of LANGS that is not there at all.
 */
export function textSetProblems(
  resources: Readonly<Partial<Record<string, Tree>>>,
  languages: readonly string[] = LANGS,
): Record<string, Partial<TranslationProblems>> {
  const reference = resources.nl;
  if (!reference) throw new Error('a text set has its Dutch texts');
  const found: Record<string, Partial<TranslationProblems>> = {};
  for (const language of new Set([...languages, ...Object.keys(resources)])) {
    const texts = resources[language];
    if (!texts) {
      found[language] = { missing: ['(the whole language)'] };
      continue;
    }
    const problems = translationProblems(reference, texts, language);
    const nonEmpty = Object.fromEntries(
      Object.entries(problems).filter(([, keys]) => (keys as string[]).length > 0),
    );
    if (Object.keys(nonEmpty).length > 0) found[language] = nonEmpty;
  }
  return found;
}

/**
 * R-NAMES-NORMAL: the one form in which two names (or two addresses) are compared as the same
 * person's. Every identity comparison uses it: the child of a sign-up (one child per activity,
 * the overlap rule, one lottery entry), the family in the draw, and the address of a privacy
 * export or erasure. Nothing else compares names or addresses.
 *
 * - Unicode NFKC: a decomposed accent (`e` + U+0301) is the composed `é`, full-width letters
 *   are the ordinary ones, ligatures are their letters;
 * - default-ignorable code points removed (`\p{Default_Ignorable_Code_Point}`: zero-width space,
 *   soft hyphen, joiners, bidirectional controls, variation selectors…): they change nothing
 *   a reader sees;
 * - case folded (lower case, upper case, then lower case again: `ß`, `ẞ` and `SS` are one, as
 *   are `ς` and `σ`), then NFKC again (a case mapping may leave a form NFKC would change);
 * - every run of white space one space, none at either end.
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const WHITE_SPACE = /\s+/gu;

/** NFKC, without default-ignorable code points, white space collapsed and trimmed; case kept. */
export function identityText(value: string): string {
  return value.normalize('NFKC').replace(DEFAULT_IGNORABLE, '').replace(WHITE_SPACE, ' ').trim();
}

/** R-NAMES-NORMAL: `identityText`, case folded: two values are the same when these are equal. */
export function identityKey(value: string): string {
  return identityText(identityText(value).toLowerCase().toUpperCase().toLowerCase());
}

/**
 * A name inside a sentence keeps its own direction (R-LANG-PUBLIC): a child's, an activity's, a
 * block's or the organisation's name, or an address, is set between Unicode's First Strong
 * Isolate and Pop Directional Isolate, so 'Noor El Amrani' in an Arabic sentence, or an Arabic
 * name in a Dutch one, is laid out on its own and the sentence's punctuation stays where it
 * belongs. Plain text, so it works in options and attributes too, where no <bdi> can go.
 */
export function isolate(name: string): string {
  return `\u2068${name}\u2069`;
}

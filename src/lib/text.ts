/** Text rules of docs/product.md §5 for category names and slugs. */

/** "wall  art" -> "Wall Art": each word title-cased. */
export function titleCase(input: string): string {
  return input
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

/** "Wall Art & Décor!" -> "wall-art-d-cor": lowercase, non-alphanumerics to hyphens, trimmed. */
export function slugify(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Whitespace and the invisible characters people paste by accident (zero-width space and joiners,
 * word joiner, byte-order mark, soft hyphen, Mongolian vowel separator) at either end of a text.
 */
const EDGE_BLANK =
  /^[\s\u200B-\u200D\u2060\uFEFF\u00AD\u180E]+|[\s\u200B-\u200D\u2060\uFEFF\u00AD\u180E]+$/g;

/** " \u200B Asha \uFEFF" -> "Asha": a required field holding only these is blank. */
export function trimInvisible(input: string): string {
  return input.replace(EDGE_BLANK, "");
}

/** True when a string holds a UTF-16 surrogate without its partner (not valid Unicode text). */
export function hasLoneSurrogate(input: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(input);
}

/** Text rules of docs/product.md §5 for category names and slugs, and the control-character rule of every text field. */

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

/**
 * Control characters (docs/limits-and-readiness.md): C0 controls (BEL, BS, ESC...) but tab, line
 * feed and carriage return; DEL; the C1 controls. Never part of a name, an address or a message.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Line breaks and tabs: ordinary in a multi-line field (a message, a note), not in a name. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** True when `input` holds a control character; with `singleLine`, a line break or tab counts too. */
export function hasControlCharacter(input: string, singleLine = false): boolean {
  return CONTROL.test(input) || (singleLine && LINE_BREAK.test(input));
}

/** The sentence a field with a control character is refused with. */
export function controlCharacterMessage(field: string, singleLine = false): string {
  return singleLine
    ? `${field} must be one line of ordinary text, without control characters such as Escape or Backspace.`
    : `${field} must not contain control characters such as Escape or Backspace.`;
}

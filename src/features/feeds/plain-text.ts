/**
 * A description as plain text for the feeds: Google and Meta take no HTML in a description. Tags
 * are dropped (a block tag or <br> becomes a space), the common entities are decoded, and runs of
 * whitespace become one space.
 */
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntity(whole: string, name: string): string {
  if (name.startsWith("#x") || name.startsWith("#X")) {
    const code = Number.parseInt(name.slice(2), 16);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  }
  if (name.startsWith("#")) {
    const code = Number.parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  }
  return ENTITIES[name.toLowerCase()] ?? whole;
}

function stripTags(text: string): string {
  return (
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<\/?[a-z][^>]*>/gi, " ")
      // A "<" left from a broken tag would still read as HTML; one before a digit or space stays.
      .replace(/<(?=[a-z/!])/gi, " ")
  );
}

export function plainText(text: string): string {
  // Stripped again after decoding, so "&lt;b&gt;" does not come back as a tag.
  const decoded = stripTags(text).replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, decodeEntity);
  return stripTags(decoded).replace(/\s+/g, " ").trim();
}

/** C0 controls but tab, line feed and carriage return: XML 1.0 has no place for them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** The text without control characters (XML cannot hold them; a CSV reader would stumble on them). */
export function dropControlCharacters(text: string): string {
  return text.replace(CONTROL, "");
}

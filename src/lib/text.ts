/** Text rules of SPEC §5 for category names and slugs. */

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

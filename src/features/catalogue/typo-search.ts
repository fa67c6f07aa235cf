/**
 * Search that forgives a typo or two (docs/decisions/0198-search-typo-tolerance.md), the same on the
 * server (search-index.server.ts) and in the browser's cached catalogue (filterProducts below):
 * when the exact rule (a substring of a product's text) finds nothing, every word of the search may
 * instead be within a few edits of a word of the product's name, category, tags or description:
 * none for words of up to 3 letters, 1 for 4 to 7, 2 from 8. "Did you mean ...?" offers the search
 * with each word replaced by the nearest word of the catalogue's names, categories and tags.
 * A plain edit distance (with swapped neighbours as one edit) over a few hundred products: no index.
 */
import { matchesFilters, normaliseSearch, type Product, type ProductFilters } from "./catalogue";

/** The words of a text: lower-cased runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** How many edits a search word may be from a catalogue word. */
export function typosAllowed(word: string): number {
  const length = [...word].length;
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/**
 * The edit distance of `a` and `b` (insert, delete, replace, swap two neighbours), or `max + 1`
 * as soon as it is certainly more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Whether this search word is close enough to one of `words` (or a part of one, for long words). */
function wordMatches(word: string, words: readonly string[]): boolean {
  const max = typosAllowed(word);
  return words.some(
    (candidate) =>
      candidate.includes(word) || (max > 0 && editDistance(word, candidate, max) <= max),
  );
}

/** The typo-tolerant rule: every word of `q` matches a word of the product's words. */
export function typoMatches(q: string, words: readonly string[]): boolean {
  const wanted = wordsOf(q);
  return wanted.length > 0 && wanted.every((word) => wordMatches(word, words));
}

/**
 * "Did you mean ...?": `q` with every word that is not in `vocabulary` replaced by its nearest
 * word there (within the typos allowed); null when nothing would change.
 */
export function suggestSearch(q: string, vocabulary: ReadonlySet<string>): string | null {
  const wanted = wordsOf(q);
  let changed = false;
  const words = wanted.map((word) => {
    if (vocabulary.has(word)) return word;
    const max = typosAllowed(word);
    let best: { word: string; distance: number } | null = null;
    if (max > 0)
      for (const candidate of vocabulary) {
        const distance = editDistance(word, candidate, max);
        if (distance <= max && (!best || distance < best.distance))
          best = { word: candidate, distance };
      }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? words.join(" ") : null;
}

/** The fields of a product the search reads (a Product or the server's index row). */
export interface SearchableFields {
  name: string;
  description: string;
  tags: readonly string[];
  category: { name: string } | null;
}

/** A product's words for the typo-tolerant rule: name, description, category name, tags. */
export function searchWords(product: SearchableFields): string[] {
  return wordsOf(
    [product.name, product.description, product.category?.name ?? "", ...product.tags].join(" "),
  );
}

/** The words "Did you mean" may offer: the catalogue's names, category names and tags. */
export function suggestionWords(products: readonly SearchableFields[]): Set<string> {
  const words = new Set<string>();
  for (const product of products)
    for (const word of wordsOf(
      [product.name, product.category?.name ?? "", ...product.tags].join(" "),
    ))
      if (word.length > 3) words.add(word);
  return words;
}

/** The browser's list: the exact rule (matchesFilters) first; when it finds nothing, the typo-tolerant one. */
export function filterProducts(products: readonly Product[], filters: ProductFilters): Product[] {
  const exact = products.filter((product) => matchesFilters(product, filters));
  const q = normaliseSearch(filters.q);
  if (exact.length > 0 || !q) return exact;
  return products.filter(
    (product) =>
      matchesFilters(product, { category: filters.category ?? null }) &&
      typoMatches(q, searchWords(product)),
  );
}

/** "Did you mean ...?" for the browser's list: only when the exact rule found nothing. */
export function suggestFromProducts(products: readonly Product[], q: string): string | null {
  const search = normaliseSearch(q);
  if (!search || products.some((product) => matchesFilters(product, { q: search }))) return null;
  return suggestSearch(search, suggestionWords(products));
}

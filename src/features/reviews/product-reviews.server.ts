/**
 * What the product page shows of its reviews (docs/decisions/0100-reviews.md): the figures, one
 * page of published reviews in the chosen order (`?reviews=newest|helpful&rpage=N` in the
 * address, so it reads and pages without JavaScript), and the schema.org reviews for JSON-LD. A
 * failed read shows no reviews rather than failing the product page.
 */
import type { DbOrTx } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { REVIEW_SORTS, REVIEWS_PAGE_SIZE, type PublicReview, type ReviewSort } from "./reviews";
import { publishedReviews } from "./reviews.server";

export interface ProductReviewsView {
  sort: ReviewSort;
  /** 0-based. */
  page: number;
  pages: number;
  count: number;
  average: number;
  reviews: PublicReview[];
}

/** The highest page number accepted from the address (a bigger one shows the first). */
const MAX_PAGE = 10_000;

export function readReviewsQuery(url: URL): { sort: ReviewSort; page: number } {
  const sort = url.searchParams.get("reviews");
  const page = Number(url.searchParams.get("rpage") ?? "1");
  return {
    sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? "")
      ? (sort as ReviewSort)
      : "newest",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0,
  };
}

/** `figures`: the product's published count and average, as the catalogue holds them. */
export async function loadProductReviews(
  openDb: () => Promise<DbOrTx>,
  productId: string,
  url: URL,
  figures: { count: number; average: number },
): Promise<ProductReviewsView> {
  const { sort, page } = readReviewsQuery(url);
  const pages = Math.max(1, Math.ceil(figures.count / REVIEWS_PAGE_SIZE));
  const view = { sort, page: Math.min(page, pages - 1), pages, ...figures };
  if (figures.count === 0) return { ...view, reviews: [] };
  try {
    const reviews = await publishedReviews(await openDb(), productId, { sort, page: view.page });
    return { ...view, reviews };
  } catch (error) {
    log.error(`[reviews] reading the reviews of ${productId} failed`, error);
    return { ...view, reviews: [] };
  }
}

/** schema.org Review entries for the reviews on the page (none: no `review` key at all). */
export function reviewsJsonLd(reviews: PublicReview[]): Record<string, unknown> {
  if (reviews.length === 0) return {};
  return {
    review: reviews.map((r) => ({
      "@type": "Review",
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
      author: { "@type": "Person", name: r.author },
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** The address of another page or order of the reviews, keeping the rest of the query. */
export function reviewsHref(url: URL, sort: ReviewSort, page: number): string {
  const next = new URL(url);
  next.searchParams.delete("reviews");
  next.searchParams.delete("rpage");
  if (sort !== "newest") next.searchParams.set("reviews", sort);
  if (page > 0) next.searchParams.set("rpage", String(page + 1));
  return `${next.pathname}${next.search}#reviews`;
}

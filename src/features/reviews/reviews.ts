/**
 * Reviews from verified buyers (docs/decisions/0100-reviews.md): the shapes and texts the product
 * page, the order page's form, the portal and the server share. Browser-safe: no database here.
 */
export const REVIEW_LIMITS = {
  title: 120,
  body: 2000,
  photos: 3,
  reply: 1000,
} as const;

/** Published reviews per page on the product page. */
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Shown for a review whose writer erased their account and chose to keep it. */
export const ANONYMOUS_AUTHOR = "A customer";

export const REVIEW_TEXTS = {
  notBought:
    "You can review a product once an order of it has been delivered to you. This order has no delivered item of that product.",
  already: "You have already reviewed this product. Each product can be reviewed once.",
  markup: "Reviews are plain text: remove the < and > markup (for example <script>).",
  tooManyPhotos: `Add at most ${REVIEW_LIMITS.photos} photos.`,
  notOurPhoto: "Each photo must be one uploaded through the review form.",
  noPhotoRight: "Photos can be added once an order of yours has been delivered.",
  submitted: "Thank you! Your review will show once the shop has checked it.",
  /** When the owner publishes new reviews straight away (decision 0136). */
  published: "Thank you! Your review is now on the product page.",
  /** Under the form, in place of the wait when reviews are published straight away. */
  atOnceHint: "Your review shows on the product page as soon as you send it.",
  noReview: "No such review.",
} as const;

/** A review as the product page shows it. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  /** "Meera" or "A customer". */
  author: string;
  reply: string;
  helpfulCount: number;
  createdAt: string;
}

/** A product's published figures. */
export interface ReviewSummary {
  average: number;
  count: number;
}

/**
 * How a writer is named: her first name only ("Meera"), never the surname. The city's initial is
 * kept with the review but not shown: "Meera B." read as a surname (docs/decisions/0199-first-hour-polish.md).
 */
export function authorLabel(name: string, _cityInitial: string): string {
  return name;
}

/** `<` followed by a letter, `/` or `!` reads as markup (a tag, a comment): refused, not stored. */
export function hasMarkup(text: string): boolean {
  return /<\s*[/!?A-Za-z]/.test(text);
}

/** The average as shown and in the API: one decimal. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}

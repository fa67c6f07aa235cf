/**
 * Reviews from verified buyers (docs/decisions/0100-reviews.md): one per shopper and product, written
 * after an order of it was delivered, waiting for the owner's moderation before it shows; the
 * shoppers' "helpful" marks; and the one review-request mail per delivered order.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalogue";
import { orders } from "./orders";
import { createdAt, updatedAt } from "./columns";

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The delivered order that makes the writer a verified buyer. */
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Up to three of the shop's own upload URLs. */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** As shown: the first name and the city's initial ("Meera", "P"), or "A customer" after erasure. */
    authorName: text("author_name").notNull(),
    authorCityInitial: text("author_city_initial").notNull().default(""),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    /** The owner's public reply. */
    reply: text("reply").notNull().default(""),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    helpfulCount: integer("helpful_count").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_user_product_key").on(t.userId, t.productId),
    index("reviews_product_newest_idx").on(t.productId, t.status, t.createdAt),
    index("reviews_product_helpful_idx").on(t.productId, t.status, t.helpfulCount),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'published', 'hidden')`),
    check("reviews_helpful_check", sql`${t.helpfulCount} >= 0`),
  ],
);

/** One "helpful" mark per shopper and review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** The review-request mail of a delivered order, sent once. */
export const reviewRequests = pgTable("review_requests", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who uploaded which review photo (POST /v2/reviews/photos), and the review it went into: a review
 * may show only photos its writer uploaded for it, never another shopper's upload found by its URL
 * (docs/decisions/0100-reviews.md). A photo goes into one review.
 */
export const reviewPhotoUploads = pgTable(
  "review_photo_uploads",
  {
    url: text("url").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The review it was attached to; null until then. */
    reviewId: text("review_id").references(() => reviews.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.url, t.userId] })],
);

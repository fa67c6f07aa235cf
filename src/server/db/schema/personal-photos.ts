/**
 * A shopper's photos for a product's photo field (docs/decisions/0262-customer-photos-private.md):
 * re-encoded without EXIF and kept privately in the media store under `photos-<id>/` (never under
 * /media). The uploader is a signed-in shopper (`user_id`) or a guest cart, named by the SHA-256 of
 * the guest's photo key (a cookie); the merge of the guest cart moves the photos to the account.
 * With "Keep originals for printing" on (decision 0285) the folder also holds the full-size original,
 * re-encoded without metadata, for the owner only (`original_type`). A photo uploaded on a quote's
 * link (decision 0286) names its quote (`quote_id`) instead of a shopper or guest.
 */
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { quotes } from "./custom-work";
import { createdAt } from "./columns";

export const personalPhotos = pgTable(
  "personal_photos",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** SHA-256 (hex) of the guest cart's photo key; null once the photo belongs to an account. */
    guestKeyHash: text("guest_key_hash"),
    productId: text("product_id").notNull(),
    fieldId: text("field_id").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The kept original's format (jpeg, png, webp); null when only the print copy is kept. */
    originalType: text("original_type"),
    /** The quote whose link uploaded it (decision 0286); null for a product page's upload. */
    quoteId: text("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("personal_photos_user_idx").on(t.userId),
    index("personal_photos_guest_idx").on(t.guestKeyHash),
    index("personal_photos_quote_idx").on(t.quoteId),
  ],
);

/** Custom-order inquiries. */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** new -> contacted / quoted -> paid -> closed (the owner sets them; a quote moves to quoted and paid). */
export const INQUIRY_STATUSES = ["new", "contacted", "quoted", "paid", "closed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** Custom-order inquiries: stored before anything else happens, so none is ever lost. */
export const customInquiries = pgTable(
  "custom_inquiries",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    productType: text("product_type").notNull(),
    colors: text("colors").notNull().default(""),
    size: text("size").notNull().default(""),
    budget: text("budget").notNull().default(""),
    /** A phone or WhatsApp number to reach her on, or "" (decision 0211). */
    phone: text("phone").notNull().default(""),
    /** Her photos (ideas, her garland): this shop's upload URLs, at most 5 (decision 0211). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** "YYYY-MM-DD" when the customer needs the piece by a date, else "" (decision 0122). */
    neededBy: text("needed_by").notNull().default(""),
    description: text("description").notNull().default(""),
    clientKey: text("client_key").notNull().default(""),
    status: text("status").$type<InquiryStatus>().notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("custom_inquiries_created_idx").on(t.createdAt),
    index("custom_inquiries_status_idx").on(t.status),
    check(
      "custom_inquiries_status_check",
      sql`${t.status} in ('new', 'contacted', 'quoted', 'paid', 'closed')`,
    ),
  ],
);

/** Custom-order inquiries. */
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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
    description: text("description").notNull().default(""),
    clientKey: text("client_key").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("custom_inquiries_created_idx").on(t.createdAt)],
);

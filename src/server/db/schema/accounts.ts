/** Accounts: shoppers and the owner, and their saved addresses. */
import { sql } from "drizzle-orm";
import { boolean, check, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** A shopper or an administrator; `id` is the Firebase uid. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    displayName: text("display_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    dateOfBirth: text("date_of_birth").notNull().default(""),
    gender: text("gender").notNull().default(""),
    role: text("role").notNull().default("customer"),
    cartId: text("cart_id").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    check("users_gender_check", sql`${t.gender} in ('', 'male', 'female', 'other')`),
    check("users_role_check", sql`${t.role} in ('customer', 'tm_admin', 'studio', 'accountant')`),
  ],
);

/** A saved address; its id is chosen by the client (a time string), unique per user. */
export const addresses = pgTable(
  "addresses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    type: text("type").notNull().default("Other"),
    fName: text("f_name").notNull(),
    lName: text("l_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("India"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    check("addresses_type_check", sql`${t.type} in ('Home', 'Work', 'Other')`),
  ],
);

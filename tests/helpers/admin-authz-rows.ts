/**
 * The admin authorisation matrix's route table (tests/admin-authz.test.ts): one row per method and
 * address of every admin route. Orders, products, categories, inquiries and custom work are in
 * admin-authz-rows-shop.ts; shipping, payments, reports, records, discounts, reviews and the books
 * are here. A new admin route adds its row at the end of its group.
 */
import { bodyOf, EMPTY_DISCOUNT } from "~/features/admin/discounts/discount-form";
import { o1, q1, type Row, row, SHOP_ROWS } from "./admin-authz-rows-shop";

export type { Method, Row } from "./admin-authz-rows-shop";

/** A valid new code: the owner's form, empty but for the code (10 % off). */
const DISCOUNT_BODY = bodyOf({ ...EMPTY_DISCOUNT, code: "AUTHZ10" });

export const ROWS: Row[] = [
  ...SHOP_ROWS,
  // The shipping routes from main (their rows were missing there).
  row("GET", "admin/order/[id]/shipments.ts", { params: o1 }),
  row("POST", "admin/order/[id]/shipments.ts", { params: o1, body: {} }),
  row("GET", "admin/settings/shipping.ts"),
  row("PUT", "admin/settings/shipping.ts", { body: { value: {}, version: 0 } }),
  row("POST", "admin/shipments/[id]/book.ts", { params: { id: "s1" }, body: {} }),
  row("POST", "admin/shipments/[id]/mark.ts", { params: { id: "s1" }, body: {} }),
  row("GET", "admin/shipments/alerts.ts"),
  row("POST", "admin/shipments/[id]/seen.ts", { params: { id: "s1" } }),
  row("GET", "admin/quotes/[id]/deposit.ts", { params: q1 }),
  row("PUT", "admin/quotes/[id]/deposit.ts", { params: q1, body: { percent: 30 } }),
  row("POST", "admin/order/[id]/balance.ts", { params: o1 }),
  row("GET", "admin/materials/overdue.ts"),
  row("GET", "admin/order/[id]/materials.ts", { params: o1 }),
  row("POST", "admin/order/[id]/materials.ts", { params: o1, body: { note: "Arrived fresh" } }),
  row("POST", "admin/order/[id]/shipping-charge.ts", { params: o1, body: { amount: 100 } }),
  row("GET", "admin/order/[id]/refunds.ts", { params: o1 }),
  row("POST", "admin/order/[id]/refunds.ts", {
    params: o1,
    body: { reason: "Damaged in transit" },
  }),
  row("GET", "admin/order/[id]/payments.ts", { params: o1 }),
  // Reports and exports (docs/decisions/0090-reports-read-model.md)
  row("GET", "admin/reports/sales.ts"),
  row("GET", "admin/reports/gst.ts"),
  row("GET", "admin/reports/gst.csv.ts"),
  row("GET", "admin/exports/[name].ts", { params: { name: "customers" } }),
  // The audit trail and the outbox (decisions 0110, 0111)
  row("GET", "admin/audit.ts"),
  // The setup guide (decision 0203)
  row("GET", "admin/setup.ts"),
  row("GET", "admin/outbox/index.ts"),
  row("GET", "admin/outbox/count.ts"),
  row("POST", "admin/outbox/[id]/resend.ts", { params: { id: "m1" } }),
  // Discount codes (docs/decisions/0095)
  row("GET", "admin/discounts/index.ts"),
  row("POST", "admin/discounts/index.ts", { body: DISCOUNT_BODY }),
  row("PUT", "admin/discounts/[id].ts", { params: { id: "none" }, body: { code: "NONE" } }),
  // Review moderation and data rights (decisions 0100, 0101)
  row("GET", "admin/reviews/index.ts"),
  row("GET", "admin/reviews/count.ts", { query: "?status=pending" }),
  row("PATCH", "admin/reviews/[id].ts", {
    params: { id: "r1" },
    query: "?action=publish",
    body: {},
  }),
  row("GET", "admin/data-requests.ts"),
  // Breaches (decision 0172)
  row("GET", "admin/data-breaches.ts", {
    query: "?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z",
  }),
  row("POST", "admin/data-breaches.ts", {
    body: {
      from: "2026-01-01T00:00:00Z",
      to: "2026-01-02T00:00:00Z",
      description: "A test",
      consequences: "None",
      measures: "None",
      safety: "None",
    },
  }),
  row("GET", "admin/settings/privacy.ts"),
  row("PUT", "admin/settings/privacy.ts", {
    body: {
      value: { officerName: "Meera Rao", email: "grievance@example.com", phone: "" },
      version: 0,
    },
  }),
  row("GET", "admin/settings/reviews.ts"),
  row("PUT", "admin/settings/reviews.ts", { body: { value: { publishAtOnce: true }, version: 0 } }),
  // WhatsApp (docs/whatsapp.md): the test send answers 400 while WhatsApp is off
  row("GET", "admin/settings/whatsapp.ts"),
  row("PUT", "admin/settings/whatsapp.ts", { body: { settings: {}, version: 0 } }),
  row("POST", "admin/settings/whatsapp/test.ts", { body: { phone: "9876543210" } }),
  // The books (docs/decisions/0083-0086)
  row("GET", "admin/settings/business.ts"),
  row("PUT", "admin/settings/business.ts", { body: { value: {}, version: 0 } }),
  row("GET", "admin/order/[id]/documents.ts", { params: o1 }),
  row("GET", "admin/category-tax.ts"),
  row("PUT", "admin/category-tax.ts", { body: { categoryId: "Frames", hsn: "3926", gstRate: 18 } }),
  row("GET", "admin/feeds.ts"),
  // The studio's team (docs/decisions/0255-team-invites.md)
  row("GET", "admin/team/index.ts"),
  row("POST", "admin/team/invites.ts", { body: { email: "authz@example.com", role: "studio" } }),
  row("PUT", "admin/team/[uid].ts", { params: { uid: "nobody" }, body: { role: "studio" } }),
  row("DELETE", "admin/team/[uid].ts", { params: { uid: "nobody" } }),
  // Damage claims (docs/decisions/0247-damage-claims.md)
  row("GET", "admin/claims/index.ts"),
  row("GET", "admin/claims/count.ts"),
  row("POST", "admin/claims/[id]/decision.ts", {
    params: { id: "clm1" },
    body: { decision: "decline", reason: "No damage in the video" },
  }),
  row("POST", "admin/order/[id]/claim.ts", { params: o1, body: {} }),
  row("GET", "admin/reports/claims.ts", { query: "?from=2026-04&to=2026-05" }),
  row("GET", "admin/settings/claims.ts"),
  row("PUT", "admin/settings/claims.ts", { body: { value: { windowHours: 12 }, version: 0 } }),
];

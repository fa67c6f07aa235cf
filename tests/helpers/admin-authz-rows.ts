/**
 * The admin authorisation matrix's route table (tests/admin-authz.test.ts): one row per method and
 * address of every admin route. Orders, products, categories, inquiries and custom work are in
 * admin-authz-rows-shop.ts; shipping, payments, reports, records, discounts, reviews and the books
 * are here. A new admin route adds its row at the end of its group.
 */
import { type Row, SHOP_ROWS } from "./admin-authz-rows-shop";

export type { Method, Row } from "./admin-authz-rows-shop";

export const ROWS: Row[] = [
  ...SHOP_ROWS,
  // The shipping routes from main (their rows were missing there).
  {
    file: "admin/order/[id]/shipments.ts",
    method: "GET",
    url: "/v2/admin/order/o1/shipments",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/shipments.ts",
    method: "POST",
    url: "/v2/admin/order/o1/shipments",
    params: { id: "o1" },
    body: {},
  },
  { file: "admin/settings/shipping.ts", method: "GET", url: "/v2/admin/settings/shipping" },
  {
    file: "admin/settings/shipping.ts",
    method: "PUT",
    url: "/v2/admin/settings/shipping",
    body: { value: {}, version: 0 },
  },
  {
    file: "admin/shipments/[id]/book.ts",
    method: "POST",
    url: "/v2/admin/shipments/s1/book",
    params: { id: "s1" },
    body: {},
  },
  {
    file: "admin/shipments/[id]/mark.ts",
    method: "POST",
    url: "/v2/admin/shipments/s1/mark",
    params: { id: "s1" },
    body: {},
  },
  {
    file: "admin/quotes/[id]/deposit.ts",
    method: "GET",
    url: "/v2/admin/quotes/q1/deposit",
    params: { id: "q1" },
  },
  {
    file: "admin/quotes/[id]/deposit.ts",
    method: "PUT",
    url: "/v2/admin/quotes/q1/deposit",
    params: { id: "q1" },
    body: { percent: 30 },
  },
  {
    file: "admin/order/[id]/balance.ts",
    method: "POST",
    url: "/v2/admin/order/o1/balance",
    params: { id: "o1" },
  },
  { file: "admin/materials/overdue.ts", method: "GET", url: "/v2/admin/materials/overdue" },
  {
    file: "admin/order/[id]/materials.ts",
    method: "GET",
    url: "/v2/admin/order/o1/materials",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/materials.ts",
    method: "POST",
    url: "/v2/admin/order/o1/materials",
    params: { id: "o1" },
    body: { note: "Arrived fresh" },
  },
  {
    file: "admin/order/[id]/shipping-charge.ts",
    method: "POST",
    url: "/v2/admin/order/o1/shipping-charge",
    params: { id: "o1" },
    body: { amount: 100 },
  },
  {
    file: "admin/order/[id]/refunds.ts",
    method: "GET",
    url: "/v2/admin/order/o1/refunds",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/refunds.ts",
    method: "POST",
    url: "/v2/admin/order/o1/refunds",
    params: { id: "o1" },
    body: { reason: "Damaged in transit" },
  },
  {
    file: "admin/order/[id]/payments.ts",
    method: "GET",
    url: "/v2/admin/order/o1/payments",
    params: { id: "o1" },
  },
  // Reports and exports (docs/decisions/0090-reports-read-model.md)
  { file: "admin/reports/sales.ts", method: "GET", url: "/v2/admin/reports/sales" },
  { file: "admin/reports/gst.ts", method: "GET", url: "/v2/admin/reports/gst" },
  { file: "admin/reports/gst.csv.ts", method: "GET", url: "/v2/admin/reports/gst.csv" },
  {
    file: "admin/exports/[name].ts",
    method: "GET",
    url: "/v2/admin/exports/customers",
    params: { name: "customers" },
  },
  // The audit trail and the outbox (decisions 0110, 0111)
  { file: "admin/audit.ts", method: "GET", url: "/v2/admin/audit" },
  { file: "admin/outbox/index.ts", method: "GET", url: "/v2/admin/outbox" },
  { file: "admin/outbox/count.ts", method: "GET", url: "/v2/admin/outbox/count" },
  {
    file: "admin/outbox/[id]/resend.ts",
    method: "POST",
    url: "/v2/admin/outbox/m1/resend",
    params: { id: "m1" },
  },
  // Discount codes (docs/decisions/0095)
  { file: "admin/discounts/index.ts", method: "GET", url: "/v2/admin/discounts" },
  {
    file: "admin/discounts/index.ts",
    method: "POST",
    url: "/v2/admin/discounts",
    body: {
      code: "AUTHZ10",
      kind: "percent",
      percent: 10,
      amount: 0,
      minimumOrder: 0,
      maximumDiscount: null,
      startsAt: null,
      endsAt: null,
      totalUses: null,
      usesPerShopper: null,
      productIds: [],
      categoryIds: [],
      active: true,
      forQuotes: false,
    },
  },
  {
    file: "admin/discounts/[id].ts",
    method: "PUT",
    url: "/v2/admin/discounts/none",
    params: { id: "none" },
    body: { code: "NONE" },
  },
  // Review moderation and data rights (decisions 0100, 0101)
  { file: "admin/reviews/index.ts", method: "GET", url: "/v2/admin/reviews" },
  { file: "admin/reviews/count.ts", method: "GET", url: "/v2/admin/reviews/count?status=pending" },
  {
    file: "admin/reviews/[id].ts",
    method: "PATCH",
    url: "/v2/admin/reviews/r1?action=publish",
    params: { id: "r1" },
    body: {},
  },
  { file: "admin/data-requests.ts", method: "GET", url: "/v2/admin/data-requests" },
  { file: "admin/settings/privacy.ts", method: "GET", url: "/v2/admin/settings/privacy" },
  {
    file: "admin/settings/privacy.ts",
    method: "PUT",
    url: "/v2/admin/settings/privacy",
    body: {
      value: { officerName: "Meera Rao", email: "grievance@example.com", phone: "" },
      version: 0,
    },
  },
  { file: "admin/settings/reviews.ts", method: "GET", url: "/v2/admin/settings/reviews" },
  {
    file: "admin/settings/reviews.ts",
    method: "PUT",
    url: "/v2/admin/settings/reviews",
    body: { value: { publishAtOnce: true }, version: 0 },
  },
  // The books (docs/decisions/0083-0086)
  { file: "admin/settings/business.ts", method: "GET", url: "/v2/admin/settings/business" },
  {
    file: "admin/settings/business.ts",
    method: "PUT",
    url: "/v2/admin/settings/business",
    body: { value: {}, version: 0 },
  },
  {
    file: "admin/order/[id]/documents.ts",
    method: "GET",
    url: "/v2/admin/order/o1/documents",
    params: { id: "o1" },
  },
  { file: "admin/category-tax.ts", method: "GET", url: "/v2/admin/category-tax" },
  {
    file: "admin/category-tax.ts",
    method: "PUT",
    url: "/v2/admin/category-tax",
    body: { categoryId: "Frames", hsn: "3926", gstRate: 18 },
  },
];

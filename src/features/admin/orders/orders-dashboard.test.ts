import { describe, expect, it } from "vitest";
import {
  amountBound,
  byDispatchDate,
  countByStatus,
  countCards,
  filterAdminOrders,
  pageOf,
  replaceOrder,
  type OrderFilterInput,
} from "./orders-dashboard";

const person = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  phone: "",
  email: "",
});
const order = (
  id: string,
  total: number,
  status: string,
  ship = person("Asha", "Verma"),
  bill = ship,
) => ({
  id,
  status,
  pricing: { subtotal: total, discount: 0, shipping: 0, total },
  shippingName: ship,
  billingName: bill,
});
const ORDERS = [
  order("ord_AB12", 49_900, "pending"),
  order("ord_cd34", 149_900, "processing", person("Ravi", "Kumar")),
  order("ord_ef56", 250_050, "shipped", person("Meera", "Nair"), person("Gift", "Giver")),
  order("ord_gh78", 9_900, "mystery", person("", "")),
];
const f = (filter: Partial<OrderFilterInput>) =>
  filterAdminOrders(ORDERS, {
    min: "",
    max: "",
    q: "",
    status: "all",
    sort: "newest",
    ...filter,
  }).map((o) => o.id);

describe("the dashboard filter (SPEC §5 Admin filters)", () => {
  it("keeps every order without a filter, in the order given", () => {
    expect(f({})).toEqual(["ord_AB12", "ord_cd34", "ord_ef56", "ord_gh78"]);
  });

  it("matches an id or a shipping or billing name substring in any case", () => {
    expect(f({ q: "AB1" })).toEqual(["ord_AB12"]);
    expect(f({ q: "ord_CD" })).toEqual(["ord_cd34"]);
    expect(f({ q: "ravi kum" })).toEqual(["ord_cd34"]);
    expect(f({ q: "  NAIR " })).toEqual(["ord_ef56"]);
    expect(f({ q: "giver" })).toEqual(["ord_ef56"]);
    expect(f({ q: "nobody" })).toEqual([]);
  });

  it("bounds the total by min and max in rupees, inclusive, ignoring text that is not an amount", () => {
    expect(f({ min: "499" })).toEqual(["ord_AB12", "ord_cd34", "ord_ef56"]);
    expect(f({ max: "1498.99" })).toEqual(["ord_AB12", "ord_gh78"]);
    expect(f({ max: "1499" })).toEqual(["ord_AB12", "ord_cd34", "ord_gh78"]);
    expect(f({ min: "1499", max: "2500.50" })).toEqual(["ord_cd34", "ord_ef56"]);
    expect(f({ min: "2500.51" })).toEqual([]);
    expect(f({ min: "abc" })).toHaveLength(4);
    expect(amountBound("12.345")).toBeUndefined();
    expect(amountBound(" 0 ")).toBe(0);
  });

  it("filters by status, an unknown status counting as pending", () => {
    expect(f({ status: "pending" })).toEqual(["ord_AB12", "ord_gh78"]);
    expect(f({ status: "shipped", q: "meera" })).toEqual(["ord_ef56"]);
  });
});

describe("counts, pages and dates", () => {
  it("counts per status with pending labelled 'Waiting Payments'", () => {
    const counts = countByStatus(ORDERS);
    expect(counts).toEqual({ pending: 2, processing: 1, shipped: 1, delivered: 0, cancelled: 0 });
    expect(countCards(counts).map((c) => `${c.label}:${c.count}`)).toEqual([
      "Waiting Payments:2",
      "Processing:1",
      "Shipped:1",
      "Delivered:0",
      "Cancelled:0",
    ]);
  });

  it("cuts a list into pages and clamps the page number", () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(rows, 0)).toMatchObject({ page: 0, pages: 3, from: 1, to: 50 });
    expect(pageOf(rows, 2).rows).toEqual(rows.slice(100));
    expect(pageOf(rows, 9)).toMatchObject({ page: 2, from: 101, to: 120 });
    expect(pageOf([], 3)).toMatchObject({ rows: [], page: 0, pages: 1, from: 0, to: 0 });
  });

  it("replaces one order by id", () => {
    const next = { ...ORDERS[1]!, status: "shipped" };
    expect(replaceOrder(ORDERS, next).map((o) => o.status)).toEqual([
      "pending",
      "shipped",
      "shipped",
      "mystery",
    ]);
  });
});

describe("ordering by promised dispatch date (issue 12 §3)", () => {
  const at = (id: string, status: string, promisedDispatchAt: string | null) => ({
    id,
    status,
    promisedDispatchAt,
  });
  const rows = [
    at("new-pending", "pending", null),
    at("due-later", "processing", "2026-12-20T00:00:00.000Z"),
    at("shipped", "shipped", "2026-11-01T00:00:00.000Z"),
    at("late", "processing", "2026-11-10T00:00:00.000Z"),
    at("old-processing", "processing", null),
  ];

  it("puts the orders still to dispatch first, soonest (late) on top, then the rest as they came", () => {
    expect(byDispatchDate(rows).map((o) => o.id)).toEqual([
      "late",
      "due-later",
      "new-pending",
      "shipped",
      "old-processing",
    ]);
    expect(rows[0]!.id).toBe("new-pending");
  });

  it("is what the dashboard shows when the owner orders by dispatch date", () => {
    const shown = filterAdminOrders(
      rows.map((row) => ({
        ...order(row.id, 100, row.status),
        promisedDispatchAt: row.promisedDispatchAt,
      })),
      { min: "", max: "", q: "", status: "processing", sort: "dispatch" },
    );
    expect(shown.map((o) => o.id)).toEqual(["late", "due-later", "old-processing"]);
  });
});

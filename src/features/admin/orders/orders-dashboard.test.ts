import { describe, expect, it } from "vitest";
import {
  amountBound,
  countCards,
  EMPTY_VIEW,
  ordersRequests,
  ordersSearch,
  pagePosition,
  readOrdersView,
  shortOrderId,
  viewTotal,
} from "./orders-dashboard";

const COUNTS = { pending: 2, processing: 1, shipped: 1, delivered: 0, cancelled: 3 };

describe("the dashboard's view in the address (a reload or a shared link shows the same view)", () => {
  it("reads every filter and the 1-based page, and writes them back the same", () => {
    const search = "?status=shipped&q=asha+v&min=499.5&max=2000&sort=dispatch&page=3";
    const view = readOrdersView(search);
    expect(view).toEqual({
      status: "shipped",
      q: "asha v",
      min: "499.5",
      max: "2000",
      sort: "dispatch",
      page: 2,
    });
    expect(readOrdersView(ordersSearch(view))).toEqual(view);
  });

  it("leaves out what is not a filter: an unknown status, a bad amount or page", () => {
    expect(readOrdersView("?status=lost&min=abc&max=-4&page=0&sort=up")).toEqual(EMPTY_VIEW);
    expect(readOrdersView("?page=2.5")).toEqual(EMPTY_VIEW);
    expect(ordersSearch(EMPTY_VIEW)).toBe("");
    expect(ordersSearch({ ...EMPTY_VIEW, q: "  ", min: "x" })).toBe("");
  });
});

describe("what the dashboard asks the server for", () => {
  it("one page of 50 with the filter, and the counts under the same filter without the status", () => {
    expect(
      ordersRequests({ ...EMPTY_VIEW, status: "pending", q: " Ravi ", min: "499.50", page: 2 }),
    ).toEqual({
      page: "/v2/admin/allorders?q=Ravi&min=499.5&status=pending&limit=50&offset=100",
      counts: "/v2/admin/order-counts?q=Ravi&min=499.5",
    });
    expect(ordersRequests(EMPTY_VIEW)).toEqual({
      page: "/v2/admin/allorders?limit=50&offset=0",
      counts: "/v2/admin/order-counts",
    });
    expect(ordersRequests({ ...EMPTY_VIEW, sort: "dispatch", max: "12.345" }).page).toBe(
      "/v2/admin/allorders?sort=dispatch&limit=50&offset=0",
    );
  });

  it("takes the table's total from the server's counts", () => {
    expect(viewTotal(EMPTY_VIEW, COUNTS)).toBe(7);
    expect(viewTotal({ ...EMPTY_VIEW, status: "cancelled" }, COUNTS)).toBe(3);
    expect(pagePosition(0, 50, 120)).toEqual({ page: 0, pages: 3, from: 1, to: 50, total: 120 });
    expect(pagePosition(2, 20, 120)).toMatchObject({ from: 101, to: 120 });
    expect(pagePosition(0, 0, 0)).toMatchObject({ pages: 1, from: 0, to: 0 });
    // Before the counts arrive, a full page promises a next one.
    expect(pagePosition(3, 50, null)).toMatchObject({ pages: 5, from: 151, to: 200, total: null });
    expect(pagePosition(3, 7, null)).toMatchObject({ pages: 4, to: 157 });
  });

  it("reads amounts typed in rupees as paise", () => {
    expect(amountBound("499.5")).toBe(49_950);
    expect(amountBound(" ")).toBeUndefined();
    expect(amountBound("abc")).toBeUndefined();
  });
});

describe("counts, ids and dates", () => {
  it("labels the count cards as the owner reads them ('Waiting Payments')", () => {
    expect(countCards(COUNTS).map((c) => `${c.label}:${c.count}`)).toEqual([
      "Waiting Payments:2",
      "Processing:1",
      "Shipped:1",
      "Delivered:0",
      "Cancelled:3",
    ]);
  });

  it("shortens a long order id to its last 8 characters", () => {
    expect(shortOrderId("ord_mhx3k2ab_1a2b3c4d5e6f")).toBe("…3c4d5e6f");
    expect(shortOrderId("ord_1")).toBe("ord_1");
  });
});

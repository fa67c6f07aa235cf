import { describe, expect, it } from "vitest";
import { addressLine, badgeClass, filterOrders, orderPath, variantText } from "./order-list";
import { PLACE } from "../../../tests/helpers/fixtures";

const order = (id: string, status: string, ...names: string[]) => ({
  id,
  number: 1000 + Number(id.slice(4)) / 100,
  status,
  items: names.map((name) => ({ product: { name } })),
});
const ORDERS = [
  order("ord-100", "pending", "Ocean Wave Frame"),
  order("ord-200", "processing", "Luggage Tag", "Varmala Keepsake"),
  order("ord-300", "delivered", "Nameplate"),
  order("ord-400", "refunded", "Ocean Coaster"),
] as never[];
const ids = (list: { id: string }[]) => list.map((o) => o.id);

describe("my orders: search and status filter (docs/product.md §2)", () => {
  it("matches the order id or a product name, ignoring case and spaces around", () => {
    expect(ids(filterOrders(ORDERS, "  ORD-2 ", "all"))).toEqual(["ord-200"]);
    expect(ids(filterOrders(ORDERS, "ocean", "all"))).toEqual(["ord-100", "ord-400"]);
    expect(ids(filterOrders(ORDERS, "keepsake", "all"))).toEqual(["ord-200"]);
    expect(ids(filterOrders(ORDERS, "", "all"))).toHaveLength(4);
    expect(filterOrders(ORDERS, "no such thing", "all")).toEqual([]);
  });

  it("matches the human order number written #1002 or 1002 (decision 0208)", () => {
    expect(ids(filterOrders(ORDERS, "#1002", "all"))).toEqual(["ord-200"]);
    expect(ids(filterOrders(ORDERS, " 1003 ", "all"))).toEqual(["ord-300"]);
    expect(ids(filterOrders(ORDERS, "# 1004", "all"))).toEqual(["ord-400"]);
  });

  it("filters by status, an unknown status counting as pending", () => {
    expect(ids(filterOrders(ORDERS, "", "pending"))).toEqual(["ord-100", "ord-400"]);
    expect(ids(filterOrders(ORDERS, "", "delivered"))).toEqual(["ord-300"]);
    expect(filterOrders(ORDERS, "", "shipped")).toEqual([]);
    expect(ids(filterOrders(ORDERS, "ocean", "pending"))).toEqual(["ord-100", "ord-400"]);
    expect(filterOrders(ORDERS, "nameplate", "pending")).toEqual([]);
  });
});

describe("order display helpers", () => {
  it("colours an unknown status as pending", () => {
    expect(badgeClass("refunded")).toBe(badgeClass("pending"));
    expect(badgeClass("delivered")).not.toBe(badgeClass("pending"));
  });

  it("joins variant values and address parts, leaving out empty ones", () => {
    // One order everywhere: by group name, whatever order the keys come in (jsonb reorders them).
    expect(variantText({ Size: { value: "A4" }, Finish: { value: "Gloss" } })).toBe("Gloss · A4");
    expect(variantText({ Finish: { value: "Gloss" }, Size: { value: "A4" } })).toBe("Gloss · A4");
    expect(variantText({})).toBe("");
    expect(addressLine(PLACE)).toBe("12 MI Road, Jaipur, Rajasthan 302001, India");
  });

  it("encodes the id in the detail path", () => {
    expect(orderPath("a/b c")).toBe("/my-orders/a%2Fb%20c");
  });
});

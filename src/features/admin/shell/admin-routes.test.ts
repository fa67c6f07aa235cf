import { describe, expect, it } from "vitest";
import { matchAdminRoute } from "./admin-routes";

describe("matchAdminRoute", () => {
  it("maps every portal path of docs/product.md §2 to its screen", () => {
    expect(matchAdminRoute("/admin")).toEqual({ screen: "orders" });
    expect(matchAdminRoute("/admin/")).toEqual({ screen: "orders" });
    expect(matchAdminRoute("/admin/my-products")).toEqual({ screen: "products" });
    expect(matchAdminRoute("/admin/add-product")).toEqual({ screen: "add-product" });
    expect(matchAdminRoute("/admin/categories")).toEqual({ screen: "categories" });
    expect(matchAdminRoute("/admin/inquiries")).toEqual({ screen: "inquiries" });
    expect(matchAdminRoute("/admin/reports")).toEqual({ screen: "reports" });
    expect(matchAdminRoute("/admin/reports/gst")).toEqual({ screen: "gst-summary" });
  });

  it("reads and decodes the id of detail paths", () => {
    expect(matchAdminRoute("/admin/order/ord_1")).toEqual({ screen: "order", id: "ord_1" });
    expect(matchAdminRoute("/admin/product/p%201")).toEqual({ screen: "product", id: "p 1" });
    expect(matchAdminRoute("/admin/categories/Wall%20Art")).toEqual({
      screen: "category",
      id: "Wall Art",
    });
    expect(matchAdminRoute("/admin/inquiries/inq-1")).toEqual({ screen: "inquiry", id: "inq-1" });
  });

  it("answers null for unknown or malformed paths", () => {
    expect(matchAdminRoute("/admin/nope")).toBeNull();
    expect(matchAdminRoute("/admin/order/a/b")).toBeNull();
    expect(matchAdminRoute("/admin/order/%E0%A4")).toBeNull();
    expect(matchAdminRoute("/administrator")).toBeNull();
  });
});

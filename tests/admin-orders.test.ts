/**
 * The owner's orders (docs/product.md §7 Admin, decisions 0023 and 0032) against a real database: the list
 * narrowed on the server (status, q, min, max, limit, offset) and whole without a query, the payment
 * details the owner sees and the counts under a filter. The status moves and the counts per status:
 * admin-orders-moves.test.ts; the fixture: tests/helpers/admin-orders.ts. PGlite always, PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from "vitest";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { adminOrder, allOrders, orderCounts, ordersKit } from "./helpers/admin-orders";
import { answerScriptText, firstAnswer } from "~/features/admin/shell/first-answer.server";
import { firstRowsHtml } from "./helpers/first-rows";

/** The /admin document's first answer for a visit to `address` with the session cookie `token`. */
const documentAnswer = (address: string, token?: string) =>
  firstAnswer({
    url: new URL(address, "http://127.0.0.1:4321"),
    cookies: {
      get: (name: string) => (name === "token" && token ? { value: token } : undefined),
    },
  } as unknown as Parameters<typeof firstAnswer>[0]);

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminOrders);

describe.each(dbKinds)("the owner's orders on %s", (kind) => {
  const k = ordersKit(kind, owner, shopper);
  const { list } = k;

  it("answers every order newest first without a query, amounts in rupees and the payment's details", async () => {
    const res = await call(allOrders.GET, "/v2/admin/allorders", { token: owner.token });
    expect(res.json.map((o: { id: string }) => o.id)).toEqual([
      "ls-E5",
      "ls-D4",
      "ls-C3",
      "ls-B2",
      "ls-A1",
    ]);
    const paid = res.json.find((o: { id: string }) => o.id === "ls-B2");
    expect(paid.pricing.total).toBe(1499);
    expect(paid.items).toHaveLength(1);
    expect(paid.payment).toEqual({
      method: "UPI",
      status: "Paid",
      transactionId: "pay_123",
      amount: 1499,
      provider: "local",
      upiId: "asha@upi",
      paidAt: "2025-01-02T10:05:00.000Z",
    });
    const one = await call(adminOrder.GET, "/v2/admin/order/ls-B2", {
      params: { id: "ls-B2" },
      token: owner.token,
    });
    expect(one.json.payment).toEqual(paid.payment);
  });

  it("narrows on the server by status, id or name (any case, shipping or billing), amount and page", async () => {
    expect(await list("?status=shipped")).toEqual(["ls-C3"]);
    expect(await list("?q=LS-b")).toEqual(["ls-B2"]);
    expect(await list("?q=ravi%20KUMAR")).toEqual(["ls-B2"]);
    expect(await list("?q=giver")).toEqual(["ls-C3"]);
    expect(await list("?q=o_b")).toEqual(["ls-D4"]);
    expect(await list("?q=%25")).toEqual([]);
    expect(await list("?min=1000")).toEqual(["ls-E5", "ls-C3", "ls-B2"]);
    expect(await list("?min=1000&max=2500.5")).toEqual(["ls-E5", "ls-C3", "ls-B2"]);
    expect(await list("?min=1000&max=2500.49")).toEqual(["ls-E5", "ls-B2"]);
    expect(await list("?limit=2")).toEqual(["ls-E5", "ls-D4"]);
    expect(await list("?limit=2&offset=2")).toEqual(["ls-C3", "ls-B2"]);
    expect(await list("?q=ls-&min=100&limit=1&offset=1")).toEqual(["ls-C3"]);
  });

  it("counts per status under the dashboard's filter, so a page walk and the counts agree", async () => {
    const counts = async (query: string) => {
      const res = await call(orderCounts.GET, `/v2/admin/order-counts${query}`, {
        token: owner.token,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as Record<string, number>;
    };
    expect(await counts("?q=ls-&min=1000")).toEqual({
      pending: 0,
      processing: 1,
      shipped: 1,
      delivered: 1,
      cancelled: 0,
    });
    expect(await counts("?q=ravi")).toMatchObject({ processing: 1, shipped: 0 });
    expect(await counts("?q=nobody-at-all")).toEqual({
      pending: 0,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
    // The dashboard's pages of a filtered view: every order once, as many as its counts say.
    const all = Object.values(await counts("?q=ls-")).reduce((a, b) => a + b, 0);
    const walked: string[] = [];
    for (let offset = 0; offset < all; offset += 2)
      walked.push(...(await list(`?q=ls-&limit=2&offset=${offset}`)));
    expect(walked).toEqual(["ls-E5", "ls-D4", "ls-C3", "ls-B2", "ls-A1"]);
    const bad = await call(orderCounts.GET, "/v2/admin/order-counts?min=9&max=1", {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("min");
  });

  it("refuses a malformed filter with a 400 naming it", async () => {
    for (const [query, field] of [
      ["?status=lost", "status"],
      ["?min=abc", "min"],
      ["?min=1.005", "min"],
      ["?max=-1", "max"],
      ["?max=99999999", "max"],
      ["?limit=ten", "limit"],
      ["?min=500&max=100", "min"],
      [`?q=${"x".repeat(201)}`, "q"],
    ] as const) {
      const res = await call(allOrders.GET, `/v2/admin/allorders${query}`, { token: owner.token });
      expect(res.status, query).toBe(400);
      expect(res.json.error, query).toContain(field);
    }
  });

  it("puts the API's own first page into the owner's /admin document, and nothing for anyone else", async () => {
    for (const address of ["/admin", "/admin/?status=shipped&min=1000&sort=dispatch&page=1"]) {
      const first = await documentAnswer(address, owner.token);
      expect(first, address).not.toBeNull();
      const api = await call(allOrders.GET, first!.path, { token: owner.token });
      expect(api.status).toBe(200);
      expect(first!.body, address).toBe(api.text);
    }
    expect((await documentAnswer("/admin?status=shipped&page=2", owner.token))?.path).toBe(
      "/v2/admin/allorders?status=shipped&limit=50&offset=50",
    );
    // A shopper's token, no token, a forged one, and the other screens: no order in the page.
    expect(await documentAnswer("/admin", shopper.token)).toBeNull();
    expect(await documentAnswer("/admin")).toBeNull();
    expect(await documentAnswer("/admin", `${owner.token.slice(0, -4)}AAAA`)).toBeNull();
    expect(await documentAnswer("/admin/my-products", owner.token)).toBeNull();
    expect(await documentAnswer("/admin/order/ls-B2", owner.token)).toBeNull();
    // The page paints the carried rows as HTML, with the live screen's table (decision 0153).
    const html = firstRowsHtml("/admin", await documentAnswer("/admin", owner.token));
    expect(html.match(/data-order-row="/g)).toHaveLength(5);
    // The total as the live screen writes it (formatInr of the paise the API client reads).
    expect(html).toMatch(
      /data-order-row="ls-B2"[\s\S]*?data-order-total="true">₹1,499\.00<\/span>/,
    );
    expect(html).toContain('href="/admin/order/ls-B2"');
    // Every control is disabled until the portal's script replaces the page.
    expect(html).toMatch(/^<fieldset disabled=""/);
    for (const token of [shopper.token, undefined])
      expect(firstRowsHtml("/admin", await documentAnswer("/admin", token))).toBe("Loading...");
    // A name in the answer cannot end the document's script element.
    expect(answerScriptText('[{"name":"</script><b>"}]')).not.toContain("</");
  });
});

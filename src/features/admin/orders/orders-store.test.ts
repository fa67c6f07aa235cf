import { beforeEach, describe, expect, it, vi } from "vitest";

const calls: string[] = [];
const answers = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
vi.mock("../shell/admin-api", () => ({
  adminGet: (path: string) => {
    calls.push(`GET ${path}`);
    return new Promise((resolve, reject) => answers.set(path, { resolve, reject }));
  },
  adminPut: (path: string, body?: unknown) => {
    calls.push(`PUT ${path} ${JSON.stringify(body ?? null)}`);
    return Promise.resolve(moved);
  },
}));

const { $adminOrders, changeAdminOrderStatus, loadAdminOrders } = await import("./orders-store");

const order = (id: string, status: string) => ({ id, status, payment: {}, shipping: {} }) as never;
const moved = { id: "o1", status: "processing", payment: {}, shipping: {} };
const settle = () => new Promise((r) => setTimeout(r, 0));

async function answer(path: string, value: unknown) {
  for (let i = 0; i < 10 && !answers.has(path); i++) await settle();
  answers.get(path)!.resolve(value);
  answers.delete(path);
  await settle();
}

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  $adminOrders.set({ state: "idle", orders: [] });
});

describe("the portal's orders store", () => {
  it("shows the newest page and the counts first, asks for the whole list only after them, then holds every order", async () => {
    const done = loadAdminOrders();
    await settle();
    expect(calls).toEqual(["GET /v2/admin/allorders?limit=50", "GET /v2/admin/order-counts"]);
    await answer("/v2/admin/order-counts", {
      pending: 1,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
    await answer("/v2/admin/allorders?limit=50", [order("o1", "pending")]);
    expect($adminOrders.get().state).toBe("partial");
    expect(calls.at(-1)).toBe("GET /v2/admin/allorders");
    await answer("/v2/admin/allorders", [order("o1", "pending"), order("o0", "shipped")]);
    await done;
    expect($adminOrders.get()).toMatchObject({
      state: "ready",
      orders: [{ id: "o1" }, { id: "o0" }],
    });
    calls.length = 0;
    await loadAdminOrders();
    expect(calls).toEqual([]); // fresh: not asked again
  });

  it("keeps a move made while the whole list was loading, and moves the server's count with it", async () => {
    const done = loadAdminOrders();
    await answer("/v2/admin/order-counts", {
      pending: 1,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
    await answer("/v2/admin/allorders?limit=50", [order("o1", "pending")]);
    await changeAdminOrderStatus("o1", "processing");
    expect(calls).toContain("PUT /v2/admin/order/o1?status=processing null");
    expect($adminOrders.get()).toMatchObject({
      state: "partial",
      counts: { pending: 0, processing: 1 },
    });
    await answer("/v2/admin/allorders", [order("o1", "pending")]);
    await done;
    expect($adminOrders.get().orders[0]).toMatchObject({ id: "o1", status: "processing" });
  });

  it("sends the ship form's body only when it holds something", async () => {
    $adminOrders.set({ state: "ready", orders: [order("o1", "processing")], loadedAt: Date.now() });
    await changeAdminOrderStatus("o1", "shipped", { trackingNumber: "T1", shippingCost: 8050 });
    expect(calls.at(-1)).toBe(
      'PUT /v2/admin/order/o1?status=shipped {"trackingNumber":"T1","shippingCost":8050}',
    );
  });

  it("keeps what was shown when the whole list fails", async () => {
    const done = loadAdminOrders();
    await answer("/v2/admin/order-counts", {
      pending: 1,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
    await answer("/v2/admin/allorders?limit=50", [order("o1", "pending")]);
    for (let i = 0; i < 10 && !answers.has("/v2/admin/allorders"); i++) await settle();
    answers.get("/v2/admin/allorders")!.reject(new Error("offline"));
    await done;
    expect($adminOrders.get()).toMatchObject({
      state: "failed",
      orders: [{ id: "o1" }],
      error: "offline",
    });
  });
});

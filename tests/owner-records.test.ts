/**
 * The owner's records against a real database (docs/decisions/0110, 0111): every owner write leaves
 * one audit row in its own transaction (a refused write leaves none), GET /v2/admin/audit filters
 * and pages on the server. The outbox screen's calls (states, the failing count, resend, which
 * is audited): owner-records-outbox.test.ts; the fixture: tests/helpers/owner-records.ts. PGlite
 * always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { APIContext } from "astro";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { recordsKit } from "./helpers/owner-records";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.ownerRecords);

const adminOrder = await import("~/pages/v2/admin/order/[id]");
const productRoute = await import("~/pages/v2/products/[id]");
const categoriesRoute = await import("~/pages/v2/admin/categories/index");
const categoryRoute = await import("~/pages/v2/admin/categories/[id]");
const auditRoute = await import("~/pages/v2/admin/audit");
const uploadRoute = await import("~/pages/v2/upload-cloud");

useScratchDataDir("resin-records-");

/** POST /v2/upload-cloud with a small PNG as the owner; answers the status and secure_url. */
async function uploadPng(token: string): Promise<{ status: number; url?: string }> {
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#3080c0" } })
    .png()
    .toBuffer();
  const boundary = "recordsboundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const request = new Request("http://127.0.0.1:4321/v2/upload-cloud", {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  const response = await uploadRoute.POST!({
    request,
    url: new URL(request.url),
    params: {},
    locals: {},
    clientAddress: "127.0.0.1",
  } as unknown as APIContext);
  const answer = (await response.json()) as { secure_url?: string };
  return { status: response.status, url: answer.secure_url };
}

describe.each(dbKinds)("owner records on %s", (kind) => {
  const k = recordsKit(kind, owner, shopper);
  const { auditRows } = k;
  const audit = (query = "", token = owner.token) =>
    call(auditRoute.GET, `/v2/admin/audit${query}`, { token });

  it("an order's status change is audited with who, from where, before and after; a refused one is not", async () => {
    const moved = await call(adminOrder.PUT, "/v2/admin/order/ord-1?status=processing", {
      method: "PUT",
      params: { id: "ord-1" },
      token: owner.token,
      clientAddress: "203.0.113.9",
    });
    expect(moved.status).toBe(200);
    const refused = await call(adminOrder.PUT, "/v2/admin/order/ord-1?status=pending", {
      method: "PUT",
      params: { id: "ord-1" },
      token: owner.token,
    });
    expect(refused.status).toBe(400);
    const rows = (await auditRows()).filter((r) => r.action === "order.status");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUid: owner.uid,
      actorEmail: owner.email,
      address: "203.0.113.9",
      entity: "order",
      entityId: "ord-1",
      before: { status: "pending" },
      after: { status: "processing" },
    });
  });

  it("a product's status and a category's creation and visibility are audited", async () => {
    const off = await call(productRoute.PATCH, "/v2/products/p1?status=inactive", {
      method: "PATCH",
      params: { id: "p1" },
      token: owner.token,
    });
    expect(off.status).toBe(200);
    const created = await call(categoriesRoute.POST, "/v2/admin/categories", {
      method: "POST",
      body: { name: "Coasters" },
      token: owner.token,
    });
    expect(created.status).toBe(201);
    const hidden = await call(categoryRoute.PATCH, "/v2/admin/categories/Frames?new_show=0", {
      method: "PATCH",
      params: { id: "Frames" },
      token: owner.token,
    });
    expect(hidden.status).toBe(200);
    const byAction = new Map((await auditRows()).map((r) => [r.action, r]));
    expect(byAction.get("product.status")).toMatchObject({
      entityId: "p1",
      before: { status: "active" },
      after: { status: "inactive" },
    });
    expect(byAction.get("category.create")).toMatchObject({ after: { name: "Coasters", show: 0 } });
    expect(byAction.get("category.show")).toMatchObject({
      entityId: "Frames",
      before: { show: 1 },
      after: { show: 0 },
    });
  });

  it("an upload is audited with the address it is served from; a refused one is not", async () => {
    expect((await uploadPng(shopper.token)).status).toBe(403);
    const uploaded = await uploadPng(owner.token);
    expect(uploaded.status).toBe(201);
    const rows = (await auditRows()).filter((r) => r.action === "upload.create");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUid: owner.uid,
      entity: "upload",
      entityId: uploaded.url,
    });
  });

  it("GET /v2/admin/audit: newest first, filtered by who, entity, action and days, paged", async () => {
    const all = await audit();
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(5);
    const times = all.json.rows.map((r: { at: string }) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await audit("?entity=category")).json.count).toBe(2);
    expect((await audit("?action=order.status")).json.rows[0].entityId).toBe("ord-1");
    expect((await audit("?action=category.")).json.count).toBe(2);
    expect((await audit(`?who=${encodeURIComponent(owner.email.slice(0, 6))}`)).json.count).toBe(5);
    expect((await audit("?who=nobody-at-all")).json.count).toBe(0);
    const page = await audit("?limit=1&offset=1");
    expect(page.json.rows).toHaveLength(1);
    expect(page.json.rows[0].id).toBe(all.json.rows[1].id);

    const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).json.count).toBe(5);
    expect((await audit("?to=2020-01-01")).json.count).toBe(0);
  });

  it("GET /v2/admin/audit refuses bad filters with a sentence, and anyone but the owner", async () => {
    const badDay = await audit("?from=2026-02-30");
    expect(badDay.status).toBe(400);
    expect(badDay.json.error).toContain("from must be a real day");
    const order = await audit("?from=2026-03-02&to=2026-03-01");
    expect(order.status).toBe(400);
    expect(order.json.error).toBe("from must not be after to");
    expect((await audit("?limit=abc")).status).toBe(400);
    expect((await audit("", shopper.token)).status).toBe(403);
    expect((await call(auditRoute.GET, "/v2/admin/audit")).status).toBe(401);
  });
});

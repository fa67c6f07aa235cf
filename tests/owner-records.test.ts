/**
 * The owner's records against a real database (docs/decisions/0110, 0111): every owner write leaves
 * one audit row in its own transaction (a refused write leaves none), GET /v2/admin/audit filters
 * and pages on the server, and the outbox screen's calls (states, the failing count, resend, which
 * is audited). PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIContext } from "astro";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resetEnvForTests } from "../src/server/env";
import { schema, type Db } from "../src/server/db/client";
import { MAX_MAIL_ATTEMPTS } from "../src/server/mail.server";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.ownerRecords);

const adminOrder = await import("../src/pages/v2/admin/order/[id]");
const productRoute = await import("../src/pages/v2/products/[id]");
const categoriesRoute = await import("../src/pages/v2/admin/categories/index");
const categoryRoute = await import("../src/pages/v2/admin/categories/[id]");
const auditRoute = await import("../src/pages/v2/admin/audit");
const outboxRoute = await import("../src/pages/v2/admin/outbox/index");
const outboxCount = await import("../src/pages/v2/admin/outbox/count");
const resendRoute = await import("../src/pages/v2/admin/outbox/[id]/resend");
const uploadRoute = await import("../src/pages/v2/upload-cloud");

let dataDir: string;
const savedDataDir = process.env.DATA_DIR;
beforeAll(async () => {
  // Uploads land in a scratch data folder (the media store), never the worktree's ./data.
  dataDir = await mkdtemp(join(tmpdir(), "resin-records-"));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  resetEnvForTests();
  await rm(dataDir, { recursive: true, force: true });
});

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

const ADDRESS = {
  id: "a1",
  type: "Home",
  address1: "12 MI Road",
  address2: "",
  city: "Jaipur",
  state: "Rajasthan",
  zipCode: "302001",
  country: "India",
};
const PERSON = {
  firstName: "Asha",
  lastName: "Verma",
  phone: "9876543210",
  email: "asha@example.com",
};

async function seed(db: Db): Promise<void> {
  await db.insert(schema.users).values([
    { id: owner.uid, email: owner.email, role: "tm_admin" },
    { id: shopper.uid, email: shopper.email },
  ]);
  await db.insert(schema.categories).values({
    id: "Frames",
    slug: "frames",
    name: "Frames",
    img: "/images/categories/frames.svg",
    show: 1,
  });
  await db
    .insert(schema.products)
    .values({ id: "p1", name: "Geode", pricePaise: 100000, sku: "G-1", categoryId: "Frames" });
  await db.insert(schema.orders).values({
    id: "ord-1",
    userId: shopper.uid,
    status: "pending",
    subtotalPaise: 49_900,
    totalPaise: 49_900,
    shippingName: PERSON,
    billingName: PERSON,
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    timeline: { pending: "2026-01-01T10:00:00Z" },
  });
  const mail = { subject: "Your order", body: "Hello", to: "asha@example.com" };
  await db.insert(schema.outbox).values([
    { id: "m-wait", ...mail, createdAt: new Date("2026-01-01T00:00:00Z") },
    {
      id: "m-sent",
      ...mail,
      sentAt: new Date("2026-01-02T00:05:00Z"),
      attempts: 1,
      createdAt: new Date("2026-01-02T00:00:00Z"),
    },
    {
      id: "m-fail",
      ...mail,
      error: "550 mailbox unavailable",
      attempts: 2,
      createdAt: new Date("2026-01-03T00:00:00Z"),
    },
    {
      id: "m-gone",
      ...mail,
      error: "connection refused",
      attempts: MAX_MAIL_ATTEMPTS,
      createdAt: new Date("2026-01-04T00:00:00Z"),
    },
  ]);
}

describe.each(dbKinds)("owner records on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const auditRows = () => t.db.select().from(schema.auditLog);
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

  it("the outbox: every mail with its state, a state filter and the count of failing mails", async () => {
    const list = await call(outboxRoute.GET, "/v2/admin/outbox", { token: owner.token });
    expect(list.status).toBe(200);
    // The order moved above mailed the shopper too: only the seeded mails are compared.
    expect(
      list.json.mails
        .filter((m: { id: string }) => m.id.startsWith("m-"))
        .map((m: { id: string; state: string }) => [m.id, m.state]),
    ).toEqual([
      ["m-gone", "given-up"],
      ["m-fail", "failing"],
      ["m-sent", "sent"],
      ["m-wait", "waiting"],
    ]);
    expect(list.json.mails.find((m: { id: string }) => m.id === "m-fail").error).toBe(
      "550 mailbox unavailable",
    );
    const failing = await call(outboxRoute.GET, "/v2/admin/outbox?state=failing", {
      token: owner.token,
    });
    expect(failing.json.mails.map((m: { id: string }) => m.id)).toEqual(["m-fail"]);
    expect(
      (await call(outboxRoute.GET, "/v2/admin/outbox?state=lost", { token: owner.token })).status,
    ).toBe(400);
    const count = await call(outboxCount.GET, "/v2/admin/outbox/count", { token: owner.token });
    expect(count.json).toEqual({ count: 2 });
    expect(
      (await call(outboxCount.GET, "/v2/admin/outbox/count", { token: shopper.token })).status,
    ).toBe(403);
  });

  it("resend: a given-up mail is due again, a sent one is copied; each is audited", async () => {
    const resend = (id: string, token = owner.token) =>
      call(resendRoute.POST, `/v2/admin/outbox/${id}/resend`, {
        method: "POST",
        params: { id },
        token,
      });
    expect((await resend("m-gone", shopper.token)).status).toBe(403);
    const again = await resend("m-gone");
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: "m-gone", state: "waiting", attempts: 0, error: null });
    const copy = await resend("m-sent");
    expect(copy.json.id).not.toBe("m-sent");
    expect(copy.json.state).toBe("waiting");
    const [sent] = await t.db.select().from(schema.outbox).where(eq(schema.outbox.id, "m-sent"));
    expect(sent!.sentAt).not.toBeNull();
    expect((await resend("m-none")).status).toBe(404);
    const rows = (await auditRows()).filter((r) => r.action === "outbox.resend");
    expect(rows.map((r) => r.entityId).sort()).toEqual(["m-gone", "m-sent"]);
    expect(rows.find((r) => r.entityId === "m-gone")!.before).toMatchObject({
      state: "given-up",
      error: "connection refused",
    });
    const count = await call(outboxCount.GET, "/v2/admin/outbox/count", { token: owner.token });
    expect(count.json).toEqual({ count: 1 });
  });
});

/**
 * Damage claims (docs/decisions/0247-damage-claims.md) on both engines: the shopper reports inside the
 * window with photos and a video, stored privately (only the shopper and the owner open them, anyone
 * else 404); after the window a 400 with the deadline in India time, nothing written, and the
 * owner's goodwill claim; the window comes from the setting; bad input is a 400 with nothing written.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { claimRequest, get, jpeg, mov, mp4, run, webm } from "./helpers/claims";
import { dbKinds } from "./helpers/db";
import { reviewShopKit, makeOrder, OWNER, OWNER_UID } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const myClaim = await import("~/pages/v2/orders/[id]/claim");
const goodwillRoute = await import("~/pages/v2/admin/order/[id]/claim");
const myMedia = await import("~/pages/my-orders/[id]/claim-media/[media]");
const adminMedia = await import("~/pages/admin/claim-media/[media]");
const quoteMedia = await import("~/pages/quote/[token]/claim-media/[media]");
const settingsRoute = await import("~/pages/v2/admin/settings/claims");

const HOUR = 3_600_000;
useScratchDataDir("resin-claims-");

describe.each(dbKinds)("damage claims on %s", (kind) => {
  const { t, shop, shopper } = reviewShopKit(kind, "claim");

  async function shopperWithOrder(deliveredAgoMs = HOUR) {
    const { uid, token } = await shopper();
    const orderId = await makeOrder(
      t.db,
      uid,
      [shop.frameId, shop.tagId],
      "delivered",
      new Date(Date.now() - deliveredAgoMs),
    );
    return { uid, token, orderId, line: `${orderId}_line_0` };
  }
  const report = async (
    orderId: string,
    token: string,
    parts: Parameters<typeof claimRequest>[1],
  ) =>
    run(myClaim.POST, await claimRequest(`/v2/orders/${orderId}/claim`, parts, token), {
      id: orderId,
    });
  const good = async (line: string) => ({
    items: [{ itemId: line, quantity: 1 }],
    description: "The frame's corner is cracked and the glass is chipped.",
    photos: [{ bytes: await jpeg(), name: "crack.jpg", type: "image/jpeg" }],
    video: { bytes: mp4(), name: "unboxing.mp4", type: "video/mp4" },
  });
  const claimsOf = (orderId: string) =>
    t.db
      .select()
      .from(schema.damageClaims)
      .then((rows) => rows.filter((r) => r.orderId === orderId));
  const claimFolders = async () =>
    (await readdir(join(process.env.DATA_DIR!, "media")).catch(() => [] as string[])).filter((f) =>
      f.startsWith("claims-"),
    );

  it("inside the window: the report is stored with its files, the owner mailed; only the shopper and the owner open the files", async () => {
    const s = await shopperWithOrder();
    const answer = await report(s.orderId, s.token, await good(s.line));
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      status: "open",
      goodwill: false,
      lines: [{ itemId: s.line, quantity: 1 }],
    });
    expect(answer.json.media.map((m: { kind: string }) => m.kind).sort()).toEqual([
      "photo",
      "video",
    ]);
    const outbox = await t.db.select().from(schema.outbox);
    expect(outbox.some((m) => m.subject.startsWith("Damage reported on order #"))).toBe(true);

    const video = answer.json.media.find((m: { kind: string }) => m.kind === "video");
    expect(video.href).toBe(`/my-orders/${s.orderId}/claim-media/${video.id}`);
    const params = { id: s.orderId, media: video.id };
    const mine = await run(myMedia.GET, get(video.href), params, { uid: s.uid });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("video/mp4");
    expect(mine.headers.get("cache-control")).toContain("no-store");
    expect(new Uint8Array(mine.bytes)).toEqual(mp4());
    const ranged = await run(myMedia.GET, get(video.href, { range: "bytes=4-11" }), params, {
      uid: s.uid,
    });
    expect(ranged.status).toBe(206);
    expect(ranged.bytes.toString("latin1")).toBe("ftypisom");
    const other = await shopperWithOrder();
    expect((await run(myMedia.GET, get(video.href), params, { uid: other.uid })).status).toBe(404);
    expect(
      (
        await run(
          myMedia.GET,
          get(video.href),
          { id: other.orderId, media: video.id },
          { uid: other.uid },
        )
      ).status,
    ).toBe(404);
    expect((await run(myMedia.GET, get(video.href), params, null)).status).toBe(404);
    const owner = await run(
      adminMedia.GET,
      get(`/admin/claim-media/${video.id}`),
      { media: video.id },
      { uid: OWNER_UID, role: "tm_admin" },
    );
    expect(owner.status).toBe(200);
    expect(
      (await run(adminMedia.GET, get("/admin/claim-media/x"), { media: video.id }, { uid: s.uid }))
        .status,
    ).toBe(404);
    expect(
      (await run(quoteMedia.GET, get("/quote/x/claim-media/x"), { token: "nope", media: video.id }))
        .status,
    ).toBe(404);
    // The public /media route cannot name it: the folder is not an upload's 32-hex hash.
    expect(await claimFolders()).toContain(`claims-${answer.json.id}`);
  });

  it("a second report on the same order is a 409; the first stays", async () => {
    const s = await shopperWithOrder();
    expect((await report(s.orderId, s.token, await good(s.line))).status).toBe(201);
    const again = await report(s.orderId, s.token, await good(s.line));
    expect(again.status).toBe(409);
    expect(await claimsOf(s.orderId)).toHaveLength(1);
  });

  it("after the window: 400 with the deadline in India time, nothing written; the owner's goodwill claim is marked", async () => {
    const s = await shopperWithOrder(13 * HOUR);
    const before = await claimFolders();
    const late = await report(s.orderId, s.token, await good(s.line));
    expect(late.status).toBe(400);
    expect(late.json.error).toMatch(
      /^The time to report damage on this order ended on .+ \(India time\), 12 hours after delivery/,
    );
    expect(await claimsOf(s.orderId)).toHaveLength(0);
    expect(await claimFolders()).toEqual(before);

    const bySopper = await run(
      goodwillRoute.POST,
      await claimRequest(`/v2/admin/order/${s.orderId}/claim`, await good(s.line), s.token),
      { id: s.orderId },
    );
    expect(bySopper.status).toBe(403);
    const { video: _video, ...noVideo } = await good(s.line);
    const goodwill = await run(
      goodwillRoute.POST,
      await claimRequest(`/v2/admin/order/${s.orderId}/claim`, noVideo, OWNER),
      { id: s.orderId },
    );
    expect(goodwill.status).toBe(201);
    expect(goodwill.json).toMatchObject({ goodwill: true, status: "open" });
    const audit = await t.db.select().from(schema.auditLog);
    expect(audit.some((a) => a.action === "claim.goodwill" && a.entityId === s.orderId)).toBe(true);
  });

  it("the window is the setting's: 24 hours opens a 13-hour-old delivery; not delivered is refused", async () => {
    const read = await call(settingsRoute.GET, "/v2/admin/settings/claims", { token: OWNER });
    expect(read.json).toEqual({ value: { windowHours: 12 }, version: 0 });
    const bad = await call(settingsRoute.PUT, "/v2/admin/settings/claims", {
      method: "PUT",
      token: OWNER,
      body: { value: { windowHours: 0 }, version: 0 },
    });
    expect(bad.status).toBe(400);
    const put = await call(settingsRoute.PUT, "/v2/admin/settings/claims", {
      method: "PUT",
      token: OWNER,
      body: { value: { windowHours: 24 }, version: 0 },
    });
    expect(put.status).toBe(200);
    const s = await shopperWithOrder(13 * HOUR);
    expect(
      (
        await report(s.orderId, s.token, {
          ...(await good(s.line)),
          video: { bytes: mov(), name: "a.mov", type: "video/quicktime" },
        })
      ).status,
    ).toBe(201);
    const shipped = await makeOrder(t.db, s.uid, [shop.frameId], "shipped");
    const early = await report(shipped, s.token, await good(`${shipped}_line_0`));
    expect(early.status).toBe(400);
    expect(early.json.error).toBe("Damage can be reported once the order is delivered.");
    await call(settingsRoute.PUT, "/v2/admin/settings/claims", {
      method: "PUT",
      token: OWNER,
      body: { value: { windowHours: 12 }, version: 1 },
    });
  });

  it("bad input is a 400 that says what to change, and nothing is written", async () => {
    const s = await shopperWithOrder();
    const other = await shopperWithOrder();
    const base = await good(s.line);
    const before = await claimFolders();
    const cases: [Parameters<typeof claimRequest>[1], RegExp][] = [
      [{ ...base, video: null }, /unboxing video/],
      [
        {
          ...base,
          video: { bytes: Buffer.from("not a video at all"), name: "v.mp4", type: "video/mp4" },
        },
        /MP4, MOV or WebM/,
      ],
      [
        {
          ...base,
          photos: [{ bytes: Buffer.from("GIF89a......"), name: "p.png", type: "image/png" }],
        },
        /PNG, JPEG or WebP/,
      ],
      [{ ...base, photos: Array.from({ length: 6 }, () => base.photos[0]!) }, /at most 5 photos/],
      [{ ...base, items: [] }, /Choose the damaged items/],
      [
        { ...base, items: [{ itemId: `${other.orderId}_line_0`, quantity: 1 }] },
        /a line of this order/,
      ],
      [{ ...base, items: [{ itemId: s.line, quantity: 2 }] }, /at most the quantity bought/],
      [{ ...base, description: "cracked" }, /at least 10 characters/],
    ];
    for (const [parts, message] of cases) {
      const answer = await report(s.orderId, s.token, parts);
      expect(answer.status, String(message)).toBe(400);
      expect(answer.json.error).toMatch(message);
    }
    const json = await call(myClaim.POST, `/v2/orders/${s.orderId}/claim`, {
      method: "POST",
      token: s.token,
      params: { id: s.orderId },
      body: { items: [] },
    });
    expect(json.status).toBe(400);
    expect(
      (await report(other.orderId, s.token, await good(`${other.orderId}_line_0`))).status,
    ).toBe(404);
    expect(await claimsOf(s.orderId)).toHaveLength(0);
    expect(await claimFolders()).toEqual(before);
    const withWebm = await report(s.orderId, s.token, {
      ...base,
      video: { bytes: webm(), name: "v.webm", type: "video/webm" },
    });
    expect(withWebm.status).toBe(201);
  });
});

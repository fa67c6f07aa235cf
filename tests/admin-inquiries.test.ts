/**
 * The portal's inquiries inbox (decision 0039) against a real database: newest first, the status
 * filter, the owner's status change (a bad status or a move the quote flow owns writes nothing),
 * and the count of new ones the admin navigation shows.
 */
import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds, type TestDb } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const EMULATOR_PORT = EMULATOR_PORTS.adminInquiries;
const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);

const listRoute = await import("~/pages/v2/admin/inquiries/index");
const oneRoute = await import("~/pages/v2/admin/inquiries/[id]");
const countRoute = await import("~/pages/v2/admin/inquiries/count");
const { INQUIRY_STATUSES: TABLE_STATUSES } = await import("~/server/db/schema/inquiries");
const { INQUIRY_STATUSES } = await import("~/features/admin/inquiries/inquiries-admin");

const inquiry = (id: string, day: number, status: (typeof INQUIRY_STATUSES)[number] = "new") => ({
  id,
  name: `Person ${id}`,
  email: `${id}@example.com`,
  productType: "Varmala preservation",
  colors: "gold",
  size: "12 x 12 in",
  budget: "₹8,000",
  description: "Our wedding garland",
  clientKey: "198.51.100.7",
  status,
  createdAt: new Date(Date.UTC(2026, 0, day)),
  updatedAt: new Date(Date.UTC(2026, 0, day)),
});

async function seed(t: TestDb) {
  await t.db.insert(schema.users).values([
    { id: owner.uid, email: `${owner.uid}@example.com`, role: "tm_admin" },
    { id: shopper.uid, email: `${shopper.uid}@example.com` },
  ]);
  await t.db
    .insert(schema.customInquiries)
    .values([
      inquiry("i-old", 1),
      inquiry("i-mid", 5, "contacted"),
      inquiry("i-new", 9),
      inquiry("i-quoted", 3, "quoted"),
      inquiry("i-paid", 4, "paid"),
    ]);
}

const setStatus = (id: string, status: string, token = owner.token) =>
  call(oneRoute.PATCH, `/v2/admin/inquiries/${id}?status=${status}`, {
    method: "PATCH",
    params: { id },
    token,
  });
const countOf = async (query = "?status=new") =>
  (await call(countRoute.GET, `/v2/admin/inquiries/count${query}`, { token: owner.token })).json;

it("keeps the inbox's status list equal to the table's", () => {
  expect([...INQUIRY_STATUSES]).toEqual([...TABLE_STATUSES]);
});

describe.each(dbKinds)("admin inquiries on %s", (kind) => {
  const t = useTestDb(kind, seed);

  const rows = () =>
    t.db.select().from(schema.customInquiries).orderBy(asc(schema.customInquiries.id));

  it("lists the inquiries newest first with their fields, without the sender's address; filters by status", async () => {
    const list = await call(listRoute.GET, "/v2/admin/inquiries", { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.json.map((i: { id: string }) => i.id)).toEqual([
      "i-new",
      "i-mid",
      "i-paid",
      "i-quoted",
      "i-old",
    ]);
    expect(list.json[0]).toEqual({
      id: "i-new",
      name: "Person i-new",
      email: "i-new@example.com",
      productType: "Varmala preservation",
      colors: "gold",
      size: "12 x 12 in",
      budget: "₹8,000",
      phone: "",
      photos: [],
      neededBy: "",
      description: "Our wedding garland",
      status: "new",
      createdAt: "2026-01-09T00:00:00.000Z",
      updatedAt: "2026-01-09T00:00:00.000Z",
    });
    const fresh = await call(listRoute.GET, "/v2/admin/inquiries?status=new", {
      token: owner.token,
    });
    expect(fresh.json.map((i: { id: string }) => i.id)).toEqual(["i-new", "i-old"]);
    const page = await call(listRoute.GET, "/v2/admin/inquiries?limit=2&offset=1", {
      token: owner.token,
    });
    expect(page.json.map((i: { id: string }) => i.id)).toEqual(["i-mid", "i-paid"]);
    expect(
      (await call(listRoute.GET, "/v2/admin/inquiries?status=open", { token: owner.token })).status,
    ).toBe(400);
  });

  it("counts the new inquiries (and any status) as { count }", async () => {
    expect(await countOf()).toEqual({ count: 2 });
    expect(await countOf("?status=paid")).toEqual({ count: 1 });
    expect(await countOf("")).toEqual({ count: 5 });
    expect(
      (await call(countRoute.GET, "/v2/admin/inquiries/count?status=bogus", { token: owner.token }))
        .status,
    ).toBe(400);
  });

  it("sets new, contacted or closed and stamps updatedAt; the count follows", async () => {
    const contacted = await setStatus("i-new", "contacted");
    expect(contacted.status).toBe(200);
    expect(contacted.json).toMatchObject({ id: "i-new", status: "contacted" });
    expect(Date.parse(contacted.json.updatedAt)).toBeGreaterThan(
      Date.parse("2026-01-09T00:00:00Z"),
    );
    expect(await countOf()).toEqual({ count: 1 });
    expect((await setStatus("i-new", "closed")).json.status).toBe("closed");
    expect((await setStatus("i-new", "new")).json.status).toBe("new");
    expect(await countOf()).toEqual({ count: 2 });
  });

  it("refuses a bad status, a hand-set quoted or paid, and reopening a quoted inquiry, writing nothing", async () => {
    const before = await rows();
    for (const bad of ["quoted", "paid", "open", "", "NEW"]) {
      const answer = await setStatus("i-old", bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error, bad).toContain("status must be new, contacted or closed");
    }
    const reopen = await setStatus("i-quoted", "new");
    expect(reopen.status).toBe(400);
    expect(reopen.json.error).toBe("This inquiry is quoted: it can only be set to closed here.");
    expect((await setStatus("i-paid", "contacted")).status).toBe(400);
    expect((await setStatus("missing", "closed")).status).toBe(404);
    expect((await setStatus("i-old", "closed", shopper.token)).status).toBe(403);
    expect(
      (
        await call(oneRoute.PATCH, "/v2/admin/inquiries/i-old?status=closed", {
          method: "PATCH",
          params: { id: "i-old" },
        })
      ).status,
    ).toBe(401);
    expect(await rows()).toEqual(before);
    expect((await setStatus("i-paid", "closed")).json.status).toBe("closed");
  });
});

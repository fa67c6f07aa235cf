/**
 * The shop's name and support contacts come from the saved business settings (docs/decisions/0083,
 * 0158): with nothing saved, the environment's SHOP_NAME and SUPPORT_EMAIL; after the owner saves,
 * a newly built mail, a freshly rendered page and a storefront page kept before the save all print
 * the new ones; a save made by another app server shows within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessSection } from "~/features/books/business-settings.server";
import { cachePages, forgetPages } from "~/features/catalogue/page-cache.server";
import { mailProofSent } from "~/features/made-to-order/proof-mail.server";
import { writeSection } from "~/features/settings/settings-store.server";
import { resetEnvForTests } from "~/server/env";
import { mailsTo } from "~/server/mail.server";
import { shopIdentity } from "~/server/shop-identity.server";
import { SELLER } from "./helpers/books";
import { call } from "./helpers/call";
import { TEST_ACTOR } from "./helpers/catalogue-freshness";
import { addOwner, createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const { owner } = usePortalAccounts(EMULATOR_PORTS.shopIdentity);
const route = await import("~/pages/v2/admin/settings/business");

const ENV_KEYS = ["SHOP_NAME", "SUPPORT_EMAIL"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
}

/** The books' seller, unregistered, as Lakeside Resin; its state typed in lower case. */
const business = {
  ...SELLER,
  legalName: "",
  tradingName: "Lakeside Resin",
  address: { ...SELLER.address, state: "maharashtra" },
  gstin: "",
  pan: "",
  registration: "unregistered",
  invoicePrefix: "LR",
  supportEmail: "care@lakeside.test",
};

/** A storefront page the way the layout's footer prints the shop (src/components/site/Footer.astro). */
let renders = 0;
async function renderPage(): Promise<Response> {
  renders++;
  const shop = await shopIdentity();
  const footer = `<footer>${shop.name} · ${shop.supportEmail} · ${shop.supportPhone}</footer>`;
  return new Response(`<!doctype html><main>${"resin ".repeat(200)}</main>${footer}`, {
    headers: { "content-type": "text/html" },
  });
}

/** An anonymous visit through the page cache (decision 0040), as the middleware makes it. */
async function visit(path: string): Promise<string> {
  const url = new URL(path, "http://127.0.0.1:4321");
  const context = { request: new Request(url), url, locals: {}, cookies: { has: () => false } };
  return (await cachePages(context as never, renderPage)).text();
}

async function lastMailTo(db: TestDb["db"], to: string) {
  const mails = await mailsTo(db, to);
  return mails[mails.length - 1]!;
}

describe.each(dbKinds)("the shop's name and contacts on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await addOwner(t.db, owner.uid);
    setEnv({ SHOP_NAME: "Seed Studio", SUPPORT_EMAIL: "seed@studio.test" });
    forgetPages();
  });
  afterAll(async () => {
    setEnv(savedEnv);
    forgetPages();
    await t.close();
  });

  it("with nothing saved, are the environment's", async () => {
    expect(await shopIdentity()).toMatchObject({
      name: "Seed Studio",
      supportEmail: "seed@studio.test",
      supportPhone: "",
    });
    await mailProofSent(t.db, "asha@example.com", "Asha", "ord-1", 1, "Here it is.");
    const mail = await lastMailTo(t.db, "asha@example.com");
    expect(mail.subject).toMatch(/^Seed Studio: a proof/);
    expect(mail.body).toContain("\n\nSeed Studio\n");
    expect(await visit("/")).toContain("<footer>Seed Studio · seed@studio.test · </footer>");
  });

  it("after the owner saves, mails, fresh pages and kept pages print the new ones", async () => {
    const before = await visit("/instructions");
    expect(before).toContain("Seed Studio");
    const rendered = renders;
    expect(await visit("/instructions")).toBe(before); // kept: not rendered again
    expect(renders).toBe(rendered);

    const put = await call(route.PUT, "/v2/admin/settings/business", {
      method: "PUT",
      token: owner.token,
      body: { value: business, version: 0 },
    });
    expect(put.status).toBe(200);

    const footer = "<footer>Lakeside Resin · care@lakeside.test · +91 98765 43210</footer>";
    expect(await visit("/instructions")).toContain(footer); // the page kept before the save
    expect(renders).toBe(rendered + 1);
    expect(await visit("/products")).toContain(footer); // a page first rendered now
    await mailProofSent(t.db, "asha@example.com", "Asha", "ord-1", 2, "Again.");
    const mail = await lastMailTo(t.db, "asha@example.com");
    expect(mail.subject).toMatch(/^Lakeside Resin: a proof/);
    expect(mail.body).not.toContain("Seed Studio");
    // Inside a transaction too (the mails are written in their event's transaction).
    await t.db.transaction(async (tx) => {
      expect((await shopIdentity(tx)).name).toBe("Lakeside Resin");
    });
  });

  it("a save on another app server shows within a second, kept pages included", async () => {
    expect(await visit("/instructions")).toContain("Lakeside Resin");
    // Written as another process would: this process is not told.
    await t.db.transaction((tx) =>
      writeSection(
        tx,
        businessSection,
        { ...business, tradingName: "Other Server" },
        1,
        TEST_ACTOR,
      ),
    );
    const saved = Date.now();
    let page = "";
    while (Date.now() - saved < 1_000) {
      page = await visit("/instructions");
      if (page.includes("Other Server")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(page).toContain("<footer>Other Server · care@lakeside.test");
    expect((await shopIdentity()).name).toBe("Other Server");
  });
});

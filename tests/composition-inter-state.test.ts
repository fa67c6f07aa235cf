/**
 * A composition seller may not make inter-State supplies of goods (CGST Act, section 10(2)(c);
 * docs/decisions/0181-inter-state-supply.md): checkout's create-order and a quote's payment refuse
 * a delivery address outside the seller's registered state with a sentence, writing nothing, on
 * PGlite and PostgreSQL. A regular seller, and a delivery within the state, go through.
 */
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { saveSeller } from "./helpers/books";
import { call } from "./helpers/call";
import { localShopKit, orderBody } from "./helpers/checkout";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");

/** A composition seller in Maharashtra (GSTIN 27...). */
const COMPOSITION = { registration: "composition" };
const REFUSAL = /can deliver only within Maharashtra.*composition scheme.*section 10\(2\)\(c\)/;

describe.each(dbKinds)("a composition seller's checkout on %s", (kind) => {
  const k = localShopKit(kind);
  const create = (token: string) =>
    call(createRoute.POST, "/create-order", { method: "POST", token, body: orderBody() });

  it("refuses a delivery to another state with a sentence, nothing written", async () => {
    await saveSeller(k.t.db, COMPOSITION);
    // The shopper's saved address is in Rajasthan (tests/helpers/fixtures.ts).
    const { token } = await k.newShopper("comp");
    const refused = await create(token);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(REFUSAL);
    expect(await k.t.db.select().from(schema.orders)).toHaveLength(0);
    expect(await k.t.db.select().from(schema.orderItems)).toHaveLength(0);
  });

  it("takes the same order once the seller is regular", async () => {
    await saveSeller(k.t.db, { registration: "regular" });
    const { token } = await k.newShopper("comp");
    const created = await create(token);
    expect(created.status).toBe(200);
  });
});

describe.each(dbKinds)("a composition seller's quote payment on %s", (kind) => {
  const kit = customWorkKit(kind);
  const elsewhere = {
    address: { address1: "4 MG Road", city: "Bengaluru", state: "Karnataka", zipCode: "560001" },
  };

  it("refuses a delivery to another state, nothing written; within the state it is paid", async () => {
    await saveSeller(kit.t.db, COMPOSITION);
    const { token } = await kit.sentQuote();
    const refused = await kit.pay(token, payBody(elsewhere));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(REFUSAL);
    expect(await kit.t.db.select().from(schema.orders)).toHaveLength(0);
    const paid = await kit.pay(token, payBody());
    expect(paid.status).toBe(200);
  });
});

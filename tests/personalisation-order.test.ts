/**
 * Personalisation through create-order (decision 0229) on both engines: the order line keeps the
 * filled fields with the add-on the server priced, the order JSON shows them, and a cart line whose
 * values the current field list refuses (an option no longer offered) is not ordered.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import {
  lineKey,
  personalisationKey,
  type ChoiceField,
  type PersonalisationField,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import { loadOrder } from "~/features/orders/orders.server";
import { LOCKED_AFTER_APPROVAL } from "~/features/made-to-order/personalisation-correct.server";
import { call } from "./helpers/call";
import { localShopKit, orderBody, postCreateOrder } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const COLOUR: ChoiceField = {
  id: "colour",
  kind: "choice",
  label: "Letter colour",
  help: "",
  required: true,
  price: 5000,
  options: [{ label: "Gold", swatch: "#c9a227", font: "" }],
};
const FIELDS: PersonalisationField[] = [COLOUR];

const correctRoute = await import("~/pages/v2/orders/[id]/personalisation");

describe.each(dbKinds)("personalisation in create-order on %s", (kind) => {
  const k = localShopKit(kind);

  async function personalisedCart(uid: string, value: string) {
    await k.t.db
      .update(schema.products)
      .set({ personalisation: FIELDS })
      .where(eq(schema.products.id, k.shop.frameId));
    const [cart] = await k.t.db.select().from(schema.carts).where(eq(schema.carts.userId, uid));
    const personalisation: PersonalisedValue[] = [
      { id: "colour", label: "Letter colour", kind: "choice", value },
    ];
    await k.t.db
      .update(schema.cartItems)
      .set({ personalisation, variantKey: lineKey("", personalisationKey(personalisation)) })
      .where(
        and(eq(schema.cartItems.cartId, cart!.id), eq(schema.cartItems.productId, k.shop.frameId)),
      );
  }

  it("stores the line's personalisation with the add-on priced by the server", async () => {
    const { uid, token } = await k.newShopper("persona");
    await personalisedCart(uid, "Gold");
    const created = await postCreateOrder(token, orderBody({ idempotency_key: `key-${uid}` }));
    expect(created.status).toBe(200);
    const order = await loadOrder(k.t.db, created.json.order_id as string);
    const frame = order!.items.find((i) => i.productId === k.shop.frameId)!;
    expect(frame.price).toBe(149900 + 5000);
    expect(frame.personalisation).toEqual([
      { id: "colour", label: "Letter colour", kind: "choice", value: "Gold" },
    ]);
    const tag = order!.items.find((i) => i.productId === k.shop.tagId)!;
    expect(tag.personalisation).toBeUndefined();
  });

  it("does not order a line whose choice is no longer offered", async () => {
    const { uid, token } = await k.newShopper("persona");
    await personalisedCart(uid, "Pink");
    const created = await postCreateOrder(token, orderBody({ idempotency_key: `key-${uid}` }));
    expect(created.status).toBe(200);
    const order = await loadOrder(k.t.db, created.json.order_id as string);
    expect(order!.items.map((i) => i.productId)).toEqual([k.shop.tagId]);
  });

  const correct = (token: string, id: string, body: unknown) =>
    call(correctRoute.PUT, `/v2/orders/${id}/personalisation`, {
      method: "PUT",
      token,
      body,
      params: { id },
    });

  it("corrects a line before approval, refuses others' orders and bad values, locks on approval", async () => {
    const { uid, token } = await k.newShopper("persona");
    await personalisedCart(uid, "Gold");
    const id = (await postCreateOrder(token, orderBody({ idempotency_key: `key-${uid}` }))).json
      .order_id as string;
    const itemId = (await loadOrder(k.t.db, id))!.items.find(
      (i) => i.productId === k.shop.frameId,
    )!.id;
    const other = await k.newShopper("persona");
    expect(
      (await correct(other.token, id, { itemId, personalisation: { colour: "Gold" } })).status,
    ).toBe(404);
    const bad = await correct(token, id, { itemId, personalisation: { colour: "Pink" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/no such option any more/);
    await k.t.db
      .update(schema.products)
      .set({
        personalisation: [
          {
            ...COLOUR,
            options: [...COLOUR.options, { label: "Silver", swatch: "", font: "" }],
          },
        ],
      })
      .where(eq(schema.products.id, k.shop.frameId));
    const ok = await correct(token, id, { itemId, personalisation: { colour: "Silver" } });
    expect(ok.status).toBe(200);
    expect(ok.json.personalisation[0].value).toBe("Silver");
    const [row] = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.id, itemId));
    expect(row!.personalisation[0]!.value).toBe("Silver");
    await k.t.db
      .insert(schema.orderProofs)
      .values({ id: `proof-${uid}`, orderId: id, round: 1, status: "approved" });
    const locked = await correct(token, id, { itemId, personalisation: { colour: "Gold" } });
    expect(locked.status).toBe(409);
    expect(locked.json.error).toBe(LOCKED_AFTER_APPROVAL);
  });
});

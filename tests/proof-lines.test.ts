/**
 * The proof screen lists the order's personalised lines beside the proof (docs/decisions/0267):
 * a quote's piece with the fields the customer filled, and a catalogue line with personalisation
 * fields and no note, which needs a proof for that reason. Both the owner's read and the
 * customer's (loadOrderProofs, what /my-orders/{id} and the quote page render) carry them.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import ProofLines from "~/features/made-to-order/ProofLines";
import { loadOrderProofs } from "~/features/made-to-order/proofs.server";
import { NAMEPLATE_NAME as NAME_FIELD } from "~/features/personalisation/nameplate.fixtures";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { makeShopper } from "./helpers/checkout";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { personaliseCartLine } from "./helpers/personalised-line";
import { readProofs } from "./helpers/proofs";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("the proof lists the personalisation on %s", (kind) => {
  const k = customWorkKit(kind);

  it("a quote's piece: the names the customer filled are listed beside the proof, for the owner and the customer", async () => {
    const product = await makeProduct(k.t.db, { name: "Wedding block" });
    await k.t.db
      .update(schema.products)
      .set({ personalisation: [NAME_FIELD] })
      .where(eq(schema.products.id, product.id));
    const q = await k.sentQuote({ personalisationProductId: product.id });
    const started = await k.pay(q.token, payBody({ personalisation: { name: "Asha & Ravi" } }));
    expect(started.status).toBe(200);
    const orderId = started.json.order_id as string;
    await k.press(started.json.payment_session_id);

    const owner = await readProofs(orderId);
    expect(owner.json.lines).toEqual([
      {
        name: "Ocean keepsake block",
        quantity: 1,
        personalisation: [
          { id: "name", label: "Name on the plate", kind: "text", value: "Asha & Ravi" },
        ],
        note: "Custom piece, made to order",
      },
    ]);
    expect((await loadOrderProofs(k.t.db, orderId))!.lines).toEqual(owner.json.lines);
  });

  it("a catalogue line with personalisation fields and no note needs a proof, and lists them", async () => {
    const shopper = await makeShopper(k.t.db, k.shop, `lines-${kind}`);
    // The line as the cart stores it: its key carries the personalisation's (decision 0229).
    await personaliseCartLine(
      k.t.db,
      k.shop.frameId,
      [NAME_FIELD],
      [{ id: "name", label: "Name on the plate", kind: "text", value: "The Sharma Family" }],
    );
    const created = await k.createOrder(shopper.token);
    expect(created.status).toBe(200);
    const orderId = created.json.order_id as string;
    await k.press(created.json.payment_session_id);
    const proofs = (await readProofs(orderId)).json;
    expect(proofs.needed).toBe(true);
    const line = proofs.lines.find(
      (l: { personalisation: unknown[] }) => l.personalisation.length > 0,
    );
    expect(line.personalisation[0].value).toBe("The Sharma Family");
  });
});

describe("ProofLines", () => {
  it("shows each personalised line's fields and note; nothing without lines", () => {
    const html = renderToStaticMarkup(
      ProofLines({
        lines: [
          {
            name: "Nameplate",
            quantity: 2,
            personalisation: [
              { id: "name", label: "Name on the plate", kind: "text", value: "Sharma" },
              { id: "pic", label: "Photo", kind: "photo", value: "", photos: ["a1b2c3d4e5"] },
            ],
            note: "Gold letters",
          },
        ],
      })!,
    );
    expect(html).toContain("Check these against the mock-up:");
    expect(html).toContain("Nameplate × 2");
    expect(html).toContain("Name on the plate: Sharma");
    expect(html).toContain("Photo: 1 photo");
    expect(html).toContain("Note: Gold letters");
    expect(ProofLines({ lines: [] })).toBeNull();
  });
});

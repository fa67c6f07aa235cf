/**
 * What a cart add and a checkout cost in statements, through their routes (docs/decisions/0280):
 * read once, write once, commit once where the guarantees allow. Each list is exact, so a change
 * that adds a statement fails here and has to say why. Speed itself is measured in bench/, never here.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { localShopKit, orderBody, postCreateOrder } from "./helpers/checkout";
import { countStatements } from "./helpers/count-statements";
import { dbKinds } from "./helpers/db";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed.
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const cartsRoute = await import("~/pages/v2/carts");

/**
 * The statements' verbs and tables, e.g. "insert orders", "select products": the verb and first
 * table outside parentheses; a statement that starts `with x as (...)` names that part first, then
 * its main part, e.g. "insert orders + insert order_items". The limiter's occasional clean-up of
 * ended windows (2 % of hits, src/server/rate-limit.server.ts) is left out.
 */
const shapes = (statements: string[]) =>
  statements.map(shape).filter((s) => s !== "delete rate_limits");
const verbAndTable = (s: string) => {
  const verb = s.trim().split(/\s+/)[0]!.toLowerCase();
  const table = /(?:from|into|update)\s+"?(\w+)/i.exec(s)?.[1] ?? "?";
  return `${verb} ${table}`;
};
/** The text outside parentheses. */
const topLevel = (s: string) => {
  let depth = 0;
  let out = "";
  for (const c of s) {
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0) out += c;
  }
  return out;
};
const shape = (statement: string) => {
  const cte = /^with \w+ as \(/i.exec(statement);
  if (!cte) return verbAndTable(topLevel(statement));
  const main = topLevel(statement).replace(/^with \w+ as\s*/i, "");
  return `${verbAndTable(statement.slice(cte[0].length))} + ${verbAndTable(main)}`;
};

describe.each(dbKinds)("statements of a cart add and a checkout on %s", (kind) => {
  const k = localShopKit(kind);
  // The cart lock is a statement of its own on PostgreSQL (decision 0280); on PGlite, whose
  // transactions run one at a time, the transaction is the lock (decision 0314).
  const lock = kind === "pglite" ? [] : ["insert carts"];

  it("a cart add: the limiter's count with the caller's role, then lock, read, write", async () => {
    const { token } = await k.newShopper("count-add");
    const { result, statements } = await countStatements(k.t, () =>
      call(cartsRoute.POST, "/v2/carts", {
        method: "POST",
        token,
        body: { productId: k.shop.tagId, variant: {}, quantity: 1, productNote: "" },
      }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    // The cart's lines, their products and the products' stock modes are one read (it was three,
    // and a fourth for the stock modes: seven statements in all).
    // The caller's role is read by the limiter's statement (decision 0313; it was its own). On
    // PGlite the cart's row is made, when missing, by the write itself (decision 0314).
    expect(shapes(statements)).toEqual([
      "insert rate_limits + select hits",
      ...lock,
      "select products",
      kind === "pglite" ? "insert carts + insert cart_items" : "insert cart_items",
    ]);
  });

  it("a create-order: one transaction that reads once and writes the order in one statement", async () => {
    const { uid, token } = await k.newShopper("count-order");
    const { result, statements } = await countStatements(k.t, () =>
      postCreateOrder(token, orderBody({ idempotency_key: `count-${uid}` })),
    );
    expect(result.status).toBe(200);
    // Before: 17 statements (the key and a retried press looked up apart, two settings reads, the
    // order and its lines apart, three stock statements for a cart with nothing counted in stock).
    expect(shapes(statements)).toEqual([
      // The attempt's count and the caller's role, one statement (decision 0313).
      "insert rate_limits + select hits",
      // The transaction: the cart lock, the one read of lines, products and stock, the address with
      // the two settings sections (decision 0313) and this attempt's possible earlier orders (same
      // key or same content; decision 0325: they were a "select orders" of their own), the order.
      ...lock,
      "select products",
      "select addresses",
      "insert orders + insert order_items",
      // After the provider order: its session stored. The shopper's older open orders came with
      // the cart's read (decision 0313; they were a statement of their own here).
      "update orders",
    ]);
    const items = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, result.json.order_id as string));
    expect(items).toHaveLength(2);

    // The same press again answers the same order, writing nothing but the limiter's count; the
    // address read found it, so only then is the order's head read (decision 0325).
    const again = await countStatements(k.t, () =>
      postCreateOrder(token, orderBody({ idempotency_key: `count-${uid}` })),
    );
    expect(again.result.json.order_id).toBe(result.json.order_id);
    expect(shapes(again.statements)).toEqual([
      "insert rate_limits + select hits",
      ...lock,
      "select products",
      "select addresses",
      "select orders",
      "select stock_holds",
    ]);
  });
});

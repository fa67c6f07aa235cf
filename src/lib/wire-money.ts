/**
 * The money boundary of the API (docs/decisions/0003-money-in-paise.md). Inside the shop every
 * amount is integer paise; on the wire (every API JSON body and answer) it is rupees, a JSON number
 * with at most 2 decimals, as docs/product.md §1/§9 and the payment provider speak. The conversion is by field
 * name, so it happens in exactly one place per side: the server's json()/readJson()
 * (src/server/http.ts) and the browser's API client (src/lib/api-client.ts).
 *
 * Rule for everyone adding an API field: a key listed here always holds money, and a number that is
 * not money never uses one of these names (a count is `count`, never `total`).
 */

/** Keys whose number values are amounts of money. `shipping` is money only when it is a number. */
export const MONEY_KEYS: ReadonlySet<string> = new Set([
  "price",
  "comparePrice",
  "costPrice",
  "subtotal",
  "discount",
  "shipping",
  "total",
  "amount",
  "cost",
  "order_amount",
  "shippingEstimate",
  "shippingCost",
  // Discount codes (docs/decisions/0095-discount-codes.md).
  "minimumOrder",
  "maximumDiscount",
  "revenue",
  // A deposit's two parts (docs/decisions/0124-deposits.md).
  "advance",
  "balance",
  // What was paid toward an order (docs/decisions/0212-a-deposit-order-at-its-price.md).
  "amountPaid",
  // Reports and the GST summary (docs/decisions/0090-reports-read-model.md).
  "gross",
  "net",
  "refunded",
  "averageOrder",
  "taxable",
  "cgst",
  "sgst",
  "igst",
]);

/** The largest amount one field may carry: ₹10,00,000 (ten lakh rupees). */
export const MAX_WIRE_RUPEES = 1_000_000;

export class WireMoneyError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

/** 149950 -> 1499.5. Paise are whole numbers, so dividing by 100 is exact to 2 decimals in JSON. */
export function paiseToWire(paise: number): number {
  return Math.round(paise) / 100;
}

/** 1499.5 -> 149950; throws WireMoneyError (naming `path`) for anything that is not a plain amount. */
export function wireToPaise(rupees: unknown, path = "amount"): number {
  if (typeof rupees !== "number" || !Number.isFinite(rupees))
    throw new WireMoneyError(path, "must be an amount in rupees, a number such as 1499.50.");
  if (rupees < 0) throw new WireMoneyError(path, "must not be negative.");
  if (rupees > MAX_WIRE_RUPEES)
    throw new WireMoneyError(path, `must be at most ${MAX_WIRE_RUPEES} rupees.`);
  // String(1.005) is "1.005" and String(1e-7) is "1e-7": both have more than 2 decimals.
  if (!/^\d+(\.\d{1,2})?$/.test(String(rupees)))
    throw new WireMoneyError(path, "must have at most 2 decimals (rupees and paise).");
  return Math.round(rupees * 100);
}

/** Sets an own property, also for a key named `__proto__` (which plain assignment would not). */
function put(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

type Convert = (value: unknown, path: string) => number;

/** Where a value sits ("items.0.price"), kept as links and spelled out only for an amount. */
interface PathLink {
  key: string | number;
  parent: PathLink | null;
}

function pathOf(link: PathLink | null, last: string): string {
  let path = last;
  for (let at = link; at; at = at.parent) path = `${at.key}.${path}`;
  return path;
}

/**
 * A copy of `value` with every money field converted by `change`. Numbers under a money key are
 * converted; with `strict` (incoming bodies) a string or boolean there is converted too, so that
 * `change` refuses it by name. Walks with its own stack (no recursion): deep input is not a stack
 * overflow. Key order is kept.
 */
function convert(value: unknown, change: Convert, strict: boolean): unknown {
  if (value === null || typeof value !== "object") return value;
  const root: Record<string, unknown> = {};
  const stack: [
    source: unknown,
    target: Record<string | number, unknown>,
    key: string | number,
    link: PathLink | null,
  ][] = [[value, root, "v", null]];
  while (stack.length > 0) {
    const [source, target, key, link] = stack.pop()!;
    let copy: unknown = source;
    if (Array.isArray(source)) {
      const list: unknown[] = new Array(source.length);
      for (let i = 0; i < source.length; i++)
        if (i in source)
          stack.push([
            source[i],
            list as unknown as Record<number, unknown>,
            i,
            { key: i, parent: link },
          ]);
      copy = list;
    } else if (source !== null && typeof source === "object" && !(source instanceof Date)) {
      const object: Record<string, unknown> = {};
      for (const childKey in source) {
        if (!Object.hasOwn(source, childKey)) continue;
        const child = (source as Record<string, unknown>)[childKey];
        const primitive = typeof child === "string" || typeof child === "boolean";
        if (
          MONEY_KEYS.has(childKey) &&
          (typeof child === "number" || (strict && primitive && childKey !== "shipping"))
        ) {
          put(object, childKey, change(child, pathOf(link, childKey)));
        } else {
          put(object, childKey, undefined); // keeps the key's place; filled when popped
          stack.push([child, object, childKey, { key: childKey, parent: link }]);
        }
      }
      copy = object;
    }
    put(target, key, copy);
  }
  return root.v;
}

/** An answer on its way out: paise -> rupees. */
export function toWire<T>(value: T): T {
  return convert(value, (paise) => paiseToWire(paise as number), false) as T;
}

/** JSON.stringify's replacer for toWireJson: a money key's number is turned into rupees. */
function moneyToRupees(this: unknown, key: string, value: unknown): unknown {
  return typeof value === "number" && MONEY_KEYS.has(key) ? paiseToWire(value) : value;
}

/**
 * `JSON.stringify(toWire(value))` in one pass, without the copy: the server's JSON answers
 * (src/server/http.ts json()). The same text for everything an answer holds (plain objects,
 * arrays, dates, primitives); docs/decisions/0317-the-shops-own-cpu-per-write.md.
 */
export function toWireJson(value: unknown): string {
  return JSON.stringify(value, moneyToRupees);
}

/** A body on its way in: rupees -> paise, refusing malformed amounts (WireMoneyError names the field). */
export function fromWire<T = unknown>(value: unknown): T {
  return convert(value, (rupees, path) => wireToPaise(rupees, path), true) as T;
}

/**
 * An answer from the shop's own server on its way into the browser: rupees -> paise, without the
 * checks that guard the server from untrusted input (the server already decided these amounts).
 */
export function answerToPaise<T = unknown>(value: unknown): T {
  return convert(value, (rupees) => Math.round((rupees as number) * 100), false) as T;
}

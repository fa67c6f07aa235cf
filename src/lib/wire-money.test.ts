import { describe, expect, it } from "vitest";
import {
  fromWire,
  MAX_WIRE_RUPEES,
  paiseToWire,
  toWire,
  toWireJson,
  wireToPaise,
} from "./wire-money";

describe("wire money", () => {
  it("answers rupees for paise under every money key, nested and in arrays", () => {
    const answer = toWire({
      id: "p1",
      price: 899900,
      comparePrice: 149950,
      variants: [{ name: "Size", price: 5 }],
      pricing: { subtotal: 100, discount: 0, shipping: 8000, total: 8100 },
      shipping: { method: "standard", cost: 12000, trackingNumber: "" },
      quantity: 3,
      weight: 0.25,
    });
    expect(answer).toEqual({
      id: "p1",
      price: 8999,
      comparePrice: 1499.5,
      variants: [{ name: "Size", price: 0.05 }],
      pricing: { subtotal: 1, discount: 0, shipping: 80, total: 81 },
      shipping: { method: "standard", cost: 120, trackingNumber: "" },
      quantity: 3,
      weight: 0.25,
    });
    expect(JSON.stringify(toWire({ price: 149950 }))).toBe('{"price":1499.5}');
  });

  it("writes an answer's JSON in one pass, the same text as toWire then JSON.stringify", () => {
    const answer = JSON.parse('{"__proto__":{"price":5}}') as Record<string, unknown>;
    Object.assign(answer, {
      id: "c1",
      lines: [{ price: 149950, quantity: 2, note: null, total: "n/a" }, null, 7],
      totals: { subtotal: 299900, shipping: 8000, discount: 0, total: 307900 },
      shipping: { method: "standard", cost: 12000 },
      at: new Date(0),
      amount: Number.NaN,
      gone: undefined,
      count: 3,
    });
    expect(toWireJson(answer)).toBe(JSON.stringify(toWire(answer)));
    expect(toWireJson(answer)).toContain('"totals":{"subtotal":2999,"shipping":80');
    expect(toWireJson({ price: 149950 })).toBe('{"price":1499.5}');
    expect(toWireJson([{ total: 1 }, "x"])).toBe('[{"total":0.01},"x"]');
    expect(toWireJson(5)).toBe("5");
  });

  it("keeps the order of keys and leaves dates and strings alone", () => {
    const at = new Date(0);
    const answer = toWire({ a: 1, price: 100, b: { c: 2 }, at, total: "n/a" });
    expect(Object.keys(answer)).toEqual(["a", "price", "b", "at", "total"]);
    expect(answer.at).toBe(at);
    expect(answer.total).toBe("n/a");
  });

  it("turns rupees with up to 2 decimals into exact paise", () => {
    expect(wireToPaise(8999)).toBe(899900);
    expect(wireToPaise(1499.5)).toBe(149950);
    expect(wireToPaise(0.29)).toBe(29);
    expect(wireToPaise(1.15)).toBe(115);
    expect(wireToPaise(4.35)).toBe(435);
    expect(wireToPaise(0)).toBe(0);
    for (let paise = 0; paise < 100_000; paise += 7)
      expect(wireToPaise(paiseToWire(paise))).toBe(paise);
  });

  it("refuses amounts that are not plain rupees, naming the field", () => {
    expect(() => wireToPaise(1.005, "price")).toThrow("price: must have at most 2 decimals");
    expect(() => wireToPaise(2.675, "price")).toThrow("at most 2 decimals");
    expect(() => wireToPaise(1e-7, "price")).toThrow("at most 2 decimals");
    expect(() => wireToPaise(-1, "items.0.price")).toThrow("items.0.price: must not be negative");
    expect(() => fromWire({ order: { items: [{ price: 1 }, { price: -1 }] } })).toThrow(
      "order.items.1.price: must not be negative",
    );
    expect(() => fromWire([{ total: "1" }])).toThrow("0.total: must be an amount in rupees");
    expect(() => wireToPaise(Number.NaN, "price")).toThrow("must be an amount in rupees");
    expect(() => wireToPaise(Number.POSITIVE_INFINITY, "price")).toThrow(
      "must be an amount in rupees",
    );
    expect(() => wireToPaise(MAX_WIRE_RUPEES + 1, "price")).toThrow(
      `at most ${MAX_WIRE_RUPEES} rupees`,
    );
    expect(() => fromWire({ items: [{ price: "12" }] })).toThrow(
      "items.0.price: must be an amount in rupees",
    );
  });

  it("converts bodies rupees -> paise and leaves a shipping object alone", () => {
    expect(
      fromWire({
        order_amount: 1234.5,
        items: [{ price: 10, quantity: 2 }],
        shipping: { cost: 80 },
      }),
    ).toEqual({
      order_amount: 123450,
      items: [{ price: 1000, quantity: 2 }],
      shipping: { cost: 8000 },
    });
  });

  it("copies a __proto__ key as data, never as a prototype", () => {
    const body = fromWire<Record<string, unknown>>(
      JSON.parse('{"__proto__":{"price":1,"polluted":true}}'),
    );
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(body, "__proto__")?.value).toEqual({
      price: 100,
      polluted: true,
    });
  });

  it("walks deep bodies without a stack overflow", () => {
    let deep: unknown = { price: 1 };
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(() => fromWire(deep)).not.toThrow();
  });
});

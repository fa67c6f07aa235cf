/**
 * Shipping's pure parts (docs/shipping.md): Shiprocket's status codes and times in the shop's words,
 * the courier choice, forward-only moves, the parcel mails and the estimate's sentences.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { pickCourier } from "./courier-choice";
import { estimateLines } from "./DeliveryEstimate";
import { ShiprocketProvider, forgetShiprocketTokensForTests } from "./providers/shiprocket.server";
import { shiprocketCode, shiprocketTime } from "./providers/shiprocket-status";
import { ownerParcelMail, shopperParcelMail } from "./shipment-mail";
import { shippingSettingsSchema } from "./shipping-settings.schema";
import { movesOn } from "./tracking.server";

describe("Shiprocket's words", () => {
  it("maps the published status codes; an unknown code moves nothing and is flagged", () => {
    const stage = (code: number) => shiprocketCode(code).stage;
    expect(stage(42)).toBe("picked_up");
    expect(stage(7)).toBe("delivered");
    expect(stage(9)).toBe("rto");
    expect(stage(12)).toBe("lost");
    expect(shiprocketCode(16)).toEqual({
      name: "Cancellation Requested",
      stage: null,
      alert: null,
    });
    expect(shiprocketCode(21)).toEqual({ name: "Undelivered", stage: null, alert: "ndr" });
    expect(shiprocketCode(999, "OUT FOR DELIVERY")).toEqual({
      name: "OUT FOR DELIVERY",
      stage: null,
      alert: "unknown",
    });
    expect(shiprocketCode(null, "").alert).toBe("unknown");
  });

  it("reads the webhook's and the scans' India times", () => {
    expect(shiprocketTime("23 05 2023 11:43:52")?.toISOString()).toBe("2023-05-23T06:13:52.000Z");
    expect(shiprocketTime("2023-05-19 11:59:16")?.toISOString()).toBe("2023-05-19T06:29:16.000Z");
    expect(shiprocketTime("yesterday")).toBeNull();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    forgetShiprocketTokensForTests();
  });

  it("sends the order date as India time to the minute", async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      if (url.endsWith("/auth/login")) return Response.json({ token: "t" });
      sent.push(body);
      return Response.json({ order_id: 1, shipment_id: 2 });
    });
    const provider = new ShiprocketProvider({
      baseUrl: "http://sr.test",
      email: "e",
      password: "p",
    });
    await provider.createParcel({
      shipmentId: "s1",
      orderId: "o1",
      // 18:35:59 UTC on 2 January is five past midnight on 3 January in India.
      orderDate: new Date("2026-01-02T18:35:59Z"),
      pickupLocation: "Studio",
      to: {
        name: "Asha Rao",
        line1: "1 MG Road",
        line2: "",
        city: "Pune",
        state: "Maharashtra",
        pin: "411001",
        phone: "9876543210",
        email: "a@example.com",
      },
      items: [{ name: "Coaster", sku: "C1", units: 1, pricePaise: 49_900 }],
      subTotalPaise: 49_900,
      weightGrams: 500,
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 5,
    });
    expect(sent[0]?.order_date).toBe("2026-01-03 00:05");
  });
});

describe("couriers and moves", () => {
  const couriers = [
    { courierId: "1", courierName: "Slow", transitDays: 6, ratePaise: 9000 },
    { courierId: "2", courierName: "Fast", transitDays: 2, ratePaise: 19000 },
  ];
  it("picks the cheapest, the fastest, or one by id", () => {
    expect(pickCourier(couriers, "cheapest")?.courierName).toBe("Slow");
    expect(pickCourier(couriers, "fastest")?.courierName).toBe("Fast");
    expect(pickCourier(couriers, "2")?.courierName).toBe("Fast");
    expect(pickCourier(couriers, "7")).toBeUndefined();
  });
  it("moves forward only; delivered, RTO and lost stay", () => {
    expect(movesOn("booked", "picked_up")).toBe(true);
    expect(movesOn("in_transit", "picked_up")).toBe(false);
    expect(movesOn("delivered", "rto")).toBe(false);
    expect(movesOn("in_transit", "rto")).toBe(true);
    expect(movesOn("rto", "delivered")).toBe(false);
  });
});

describe("words the shopper and the owner read", () => {
  const facts = {
    orderId: "ORD-1",
    firstName: "Ravi",
    courierName: "Delhivery",
    awb: "DL1",
    trackingUrl: "https://t.example/DL1",
    etd: "",
  };
  it("the mails name the courier, the AWB and the link", () => {
    const mail = shopperParcelMail("shipped", "r@example.com", facts, {
      name: "Resin Tales",
      siteUrl: "https://shop.example",
    });
    expect(mail.subject).toBe("Resin Tales: your order ORD-1 is on its way");
    expect(mail.text).toContain("AWB: DL1");
    expect(mail.text).toContain("https://t.example/DL1");
    expect(mail.text).toContain("https://shop.example/my-orders/ORD-1");
    expect(ownerParcelMail("rto", "o@example.com", facts, "RTO INITIATED").subject).toBe(
      "Parcel for order ORD-1 is coming back (RTO)",
    );
  });
  it("the estimate says what it knows", () => {
    const base = { pin: "560001", dispatchBy: "2026-12-15T06:00:00.000Z", transitDays: 4 };
    expect(
      estimateLines({
        ...base,
        deliverable: true,
        deliverBy: "2026-12-19T06:00:00.000Z",
        courierPart: true,
      }).lines[0],
    ).toBe("Delivered to 560001 by 19 Dec 2026.");
    expect(
      estimateLines({ ...base, deliverable: false, deliverBy: null, courierPart: false }).lines[0],
    ).toBe(
      "We do not deliver to PIN code 560001 yet. Please use an address with another PIN code.",
    );
    expect(
      estimateLines({ ...base, deliverable: null, deliverBy: null, courierPart: false }).lines,
    ).toEqual([
      "Dispatched by 15 Dec 2026.",
      "The courier did not answer just now, so this leaves out the days in transit.",
    ]);
  });
});

describe("the shipping settings' schema (zod/mini, decision 0010)", () => {
  const value = {
    provider: "manual",
    courierChoice: "cheapest",
    pickup: {
      name: " Studio ",
      phone: "9876543210",
      line1: "1 MG Road",
      line2: "",
      city: "Delhi",
      state: "Delhi",
      pin: " 110001 ",
      location: "Primary",
    },
    package: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 8 },
    shiprocket: { email: "", password: "", webhookToken: "" },
    zones: [{ label: "North", prefixes: "1, 2", days: 5 }],
  };

  it("trims text and takes a whole setting", () => {
    const parsed = z.parse(shippingSettingsSchema, value);
    expect(parsed.pickup).toMatchObject({ name: "Studio", pin: "110001" });
  });

  it("refuses with the owner's sentence: a nameless zone, a bad PIN, Shiprocket without keys", () => {
    const message = (v: unknown) =>
      z.safeParse(shippingSettingsSchema, v).error?.issues[0]?.message;
    expect(message({ ...value, zones: [{ label: " ", prefixes: "1", days: 5 }] })).toBe(
      "Every zone needs a name",
    );
    expect(message({ ...value, pickup: { ...value.pickup, pin: "012345" } })).toBe(
      "The pickup PIN code must be a 6-digit PIN code",
    );
    expect(message({ ...value, package: { ...value.package, heightCm: 2.5 } })).toBe(
      "The default package's height (cm) must be a whole number",
    );
    expect(message({ ...value, provider: "shiprocket" })).toBe(
      "Shiprocket needs the API user's email and password and a webhook token of at least 16 characters.",
    );
  });
});

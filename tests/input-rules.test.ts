/**
 * Input rules at the API's edge: required text that is blank once whitespace and invisible
 * characters are removed, lone UTF-16 surrogates, number query parameters, and which content types
 * count as JSON. Every refusal is a 400 that says what to fix, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import * as inquiryRoute from "~/pages/v2/custom-order-email";
import * as productsRoute from "~/pages/v2/products/index";
import { isJsonContentType } from "~/server/http";
import { call } from "./helpers/call";
import { createTestDb, type TestDb } from "./helpers/db";

const good = {
  name: "Asha Verma",
  email: "asha@example.com",
  productType: "Frame",
  colors: "",
  size: "",
  budget: "",
  description: "",
};

let t: TestDb;
let address = 0;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const inquiry = (options: Parameters<typeof call>[2]) =>
  call(inquiryRoute.POST, "/v2/custom-order-email", {
    method: "POST",
    clientAddress: `203.0.113.${++address}`,
    ...options,
  });

describe("required text", () => {
  it.each([
    ["spaces", "   "],
    ["a zero-width space", "\u200B"],
    ["a byte-order mark and a word joiner", "\uFEFF\u2060 "],
    ["a soft hyphen between spaces", " \u00AD "],
  ])("refuses a name of %s as blank, writing nothing", async (_label, name) => {
    const res = await inquiry({ body: { ...good, name } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^name: /);
    expect(await t.db.select().from(schema.customInquiries)).toEqual([]);
  });

  it("keeps the text itself and drops only the invisible edges", async () => {
    const res = await inquiry({ body: { ...good, name: "\u200BAsha Verma\uFEFF" } });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(schema.customInquiries);
    expect(row!.name).toBe("Asha Verma");
    await t.db.delete(schema.customInquiries);
  });
});

describe("lone surrogates", () => {
  it("are a 400 naming the field, never a silently altered value", async () => {
    const res = await inquiry({
      rawBody: JSON.stringify({ ...good, description: "x" }).replace(
        '"description":"x"',
        '"description":"\\ud83d broken"',
      ),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      "description: is not valid text (it holds half of a UTF-16 surrogate pair).",
    );
    expect(await t.db.select().from(schema.customInquiries)).toEqual([]);
  });

  it("let a whole surrogate pair (an emoji) through", async () => {
    const res = await inquiry({ body: { ...good, description: "Gold leaf \ud83c\udf3c please" } });
    expect(res.status).toBe(201);
    await t.db.delete(schema.customInquiries);
  });
});

describe("number query parameters", () => {
  it.each([
    "limit=%20",
    "offset=0x10",
    "limit=1e20",
    "limit=-1",
    "offset=1.5",
    "limit=+3",
    "limit=",
  ])("refuse %s with what is allowed", async (query) => {
    const res = await call(productsRoute.GET, `/v2/products?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(
      /must be a whole number written with the digits 0-9 only|must be 0 or more/,
    );
  });

  it("accept plain digits", async () => {
    const res = await call(productsRoute.GET, "/v2/products?limit=12&offset=0&status=active");
    expect(res.status).toBe(200);
  });
});

describe("JSON bodies", () => {
  it("count only application/json (with parameters) and +json types as JSON", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/vnd.api+json")).toBe(true);
    expect(isJsonContentType("text/plain; application/json")).toBe(false);
    expect(isJsonContentType("application/json-patch")).toBe(false);
    expect(isJsonContentType("text/json")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("refuse a JSON text sent as text/plain", async () => {
    const res = await inquiry({
      rawBody: JSON.stringify(good),
      headers: { "content-type": "text/plain; application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Send the body as JSON (Content-Type: application/json).");
  });
});

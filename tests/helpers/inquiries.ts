/**
 * The inquiry suites' steps: a good inquiry, a POST from a fresh client address (so one test's
 * hourly limit never leaks into another), the mail environment, and inquiryFixture(kind): a test
 * database emptied before every test, the clock 40 minutes from an hour boundary, console quiet.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { resetMailForTests } from "~/server/mail.server";
import * as route from "~/pages/v2/custom-order-email";
import { call } from "./call";
import { createTestDb, type dbKinds, type TestDb } from "./db";

export const URL_PATH = "/v2/custom-order-email";
export const OWNER = "owner@resintales.test";
export const ENV_KEYS = [
  "OWNER_EMAIL",
  "SUPPORT_EMAIL",
  "SMTP_URL",
  "MAIL_FROM",
  "INQUIRY_LIMIT_PER_HOUR",
  "INQUIRY_EMAIL_LIMIT_PER_HOUR",
  "TRUST_PROXY",
] as const;

export const good = {
  name: "Asha Verma",
  email: "asha@example.com",
  productType: "Varmala preservation",
  colors: "Gold, deep red",
  size: "12 x 12 in",
  budget: "₹8,000",
  description: "Wedding garland from 2 March.\nCan you add our names? <b>not html</b> & more",
};

let ip = 0;
/** A fresh client address per test, so the hourly limit of one test never leaks into another. */
export const nextAddress = () => `198.51.100.${++ip}`;

export function post(body: unknown, clientAddress = nextAddress()) {
  return call(route.POST, URL_PATH, { method: "POST", body, clientAddress });
}

/** The form posted from `clientAddress` through proxies that wrote this X-Forwarded-For. */
export function postForwarded(forwarded: string, body: unknown = good, clientAddress = "10.0.0.1") {
  return call(route.POST, URL_PATH, {
    method: "POST",
    body,
    clientAddress,
    headers: { "x-forwarded-for": forwarded },
  });
}

export function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  resetMailForTests();
}

export function inquiryFixture(kind: (typeof dbKinds)[number]) {
  const s = {} as { t: TestDb };
  const saved: Record<string, string | undefined> = {};

  const rows = async () => ({
    inquiries: await s.t.db.select().from(schema.customInquiries),
    outbox: await s.t.db.select().from(schema.outbox),
    limits: await s.t.db.select().from(schema.rateLimits),
  });

  beforeAll(async () => {
    for (const key of ENV_KEYS) saved[key] = process.env[key];
    s.t = await createTestDb(kind);
  });
  afterAll(async () => {
    setEnv(saved);
    await s.t.close();
  });
  beforeEach(async () => {
    setEnv({
      OWNER_EMAIL: OWNER,
      SUPPORT_EMAIL: undefined,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
      INQUIRY_LIMIT_PER_HOUR: undefined,
      INQUIRY_EMAIL_LIMIT_PER_HOUR: undefined,
      TRUST_PROXY: undefined,
    });
    await s.t.db.delete(schema.customInquiries);
    await s.t.db.delete(schema.outbox);
    await s.t.db.delete(schema.rateLimits);
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The limiter counts per clock hour: start the clock 40 minutes from an hour boundary (it
    // still runs), so a test's hits never straddle two windows.
    vi.useFakeTimers({
      toFake: ["Date"],
      now: new Date("2030-01-01T10:20:00Z"),
      shouldAdvanceTime: true,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  return { s, rows };
}

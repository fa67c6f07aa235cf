/**
 * The limits of the routes that had none (docs/decisions/0177-a-limit-on-every-write.md), called as
 * a flood would call them, on PGlite and PostgreSQL: grievances (each one mails the officer),
 * "download my data" (a read of every table), consent withdrawal, and discount-code checks per
 * account and per address (guessing codes). Each refusal is 429 with the limiter's sentence,
 * "Please wait N minutes and try again." and Retry-After, and writes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { LIMITERS } from "~/server/route-limits";
import { call } from "./helpers/call";
import { makeShop, makeShopper } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const grievance = await import("~/pages/v2/users/grievance");
const myData = await import("~/pages/v2/users/my-data");
const withdrawal = await import("~/pages/v2/users/consent-withdrawal");
const check = await import("~/pages/v2/discounts/check");

const WAIT = / Please wait \d+ minutes? and try again\.$/;

/** The answers' statuses, and each refusal checked for its sentence and Retry-After. */
function refusalsOf(answers: Awaited<ReturnType<typeof call>>[], sentence: string): number[] {
  for (const answer of answers.filter((a) => a.status === 429)) {
    expect(answer.json.error.startsWith(sentence)).toBe(true);
    expect(answer.json.error).toMatch(WAIT);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  return answers.map((a) => a.status);
}

describe.each(dbKinds)("limits of the data-rights and discount routes on %s", (kind) => {
  let shop: Awaited<ReturnType<typeof makeShop>>;
  const t = useTestDb(kind, async (t) => {
    shop = await makeShop(t.db);
  });
  let n = 0;
  let address = 0;
  const shopper = async () => makeShopper(t.db, shop, `limits-${kind}-${++n}`);
  const nextAddress = () => `203.0.113.${++address}`;

  it("30 grievances in a row: five are mailed to the officer, the rest refused", async () => {
    const { uid, token } = await shopper();
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await call(grievance.POST, "/v2/users/grievance", {
          method: "POST",
          token,
          body: { message: `My parcel number ${i} came late and broken.` },
          clientAddress: from,
        }),
      );
    const statuses = refusalsOf(answers, LIMITERS.grievance.what.account);
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(25).fill(429)]);
    const requests = await t.db
      .select()
      .from(schema.dataRequests)
      .where(eq(schema.dataRequests.userId, uid));
    expect(requests).toHaveLength(5);
    const mails = await t.db.select().from(schema.outbox);
    expect(mails.filter((m) => m.subject.startsWith("Grievance"))).toHaveLength(5);
  });

  it("40 downloads of my data in a row: five answered, the rest refused", async () => {
    const { token } = await shopper();
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(await call(myData.GET, "/v2/users/my-data", { token, clientAddress: from }));
    const statuses = refusalsOf(answers, LIMITERS["my-data"].what.account);
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(35).fill(429)]);
  });

  it("consent withdrawal: ten an hour per account", async () => {
    const { token } = await shopper();
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 15; i++)
      answers.push(
        await call(withdrawal.POST, "/v2/users/consent-withdrawal", {
          method: "POST",
          token,
          clientAddress: from,
        }),
      );
    const statuses = refusalsOf(answers, LIMITERS.consent.what.account);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
  });

  it("RATE_LIMIT_SCALE multiplies the limits (2: twenty consent changes)", async () => {
    const { token } = await shopper();
    const from = nextAddress();
    process.env.RATE_LIMIT_SCALE = "2";
    resetEnvForTests();
    try {
      const statuses = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (
            await call(withdrawal.POST, "/v2/users/consent-withdrawal", {
              method: "POST",
              token,
              clientAddress: from,
            })
          ).status,
        );
      expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
    } finally {
      delete process.env.RATE_LIMIT_SCALE;
      resetEnvForTests();
    }
  });

  const guess = (token: string, code: string, clientAddress: string) =>
    call(check.POST, "/v2/discounts/check", {
      method: "POST",
      token,
      body: { code },
      clientAddress,
    });

  it("60 code guesses from one account: twenty answered, then 429", async () => {
    const { token } = await shopper();
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await guess(token, `GUESS${i}`, from));
    const statuses = refusalsOf(answers, LIMITERS["discount-check"].what.account);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(40).fill(429));
  });

  it("code guesses from many accounts at one address: sixty, then 429 for the network", async () => {
    const from = nextAddress();
    const answers = [];
    for (let a = 0; a < 4; a++) {
      const { token } = await shopper();
      for (let i = 0; i < 18; i++) answers.push(await guess(token, `NET${a}X${i}`, from));
    }
    const statuses = refusalsOf(answers, LIMITERS["discount-check"].what.address);
    expect(statuses.filter((s) => s === 400)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual(Array(12).fill(429));
  });
});

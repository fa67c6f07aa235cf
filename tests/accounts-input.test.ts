/**
 * Accounts API (docs/product.md §7 Authentication and profile): bad input writes nothing (a 400
 * with the rule that failed; the cases are tests/helpers/accounts-cases.ts), address ids and limits,
 * the default address and unknown methods, against a real Firebase Auth Emulator and a fresh
 * database. The authorisation matrix: accounts.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { ADDRESS } from "./helpers/fixtures";
import {
  addAddress,
  alice,
  bob,
  describeAccounts,
  login,
  profileAddress,
  registerAs,
  snapshot,
  t,
} from "./helpers/accounts";
import { badInputCases } from "./helpers/accounts-cases";
import { EMULATOR_PORTS } from "./helpers/ports";

describeAccounts("accounts API", EMULATOR_PORTS.accountsInput, () => {
  describe("bad input writes nothing (400 with the rule that failed)", () => {
    beforeEach(async () => {
      await registerAs(alice.token);
      await addAddress(alice.token, { ...ADDRESS, id: "a1" });
    });

    const cases = badInputCases(() => ({ alice, bob }));

    it.each(cases)("%s", async (_label, send, rule) => {
      const before = await snapshot(t.db);
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(rule);
      expect(await snapshot(t.db)).toBe(before);
    });

    it("a second address with an existing id is a 409; the 21st address is refused", async () => {
      const dup = await addAddress(alice.token, { ...ADDRESS, id: "a1", city: "Other" });
      expect(dup.status).toBe(409);
      for (let i = 2; i <= 20; i++) {
        const res = await addAddress(alice.token, { ...ADDRESS, id: `a${i}` });
        expect(res.status).toBe(201);
      }
      const before = await snapshot(t.db);
      const over = await addAddress(alice.token, { ...ADDRESS, id: "a21" });
      expect(over.status).toBe(400);
      expect(over.json.error).toMatch(/at most 20/);
      expect(await snapshot(t.db)).toBe(before);
    });

    it("a stored address with a state off the list still loads; a save must choose a listed one (decision 0060)", async () => {
      await t.db
        .update(schema.addresses)
        .set({ state: "Orissa" })
        .where(eq(schema.addresses.id, "a1"));
      const read = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: alice.token,
      });
      expect(read.status).toBe(200);
      expect(read.json.addresses[0].state).toBe("Orissa");
      const saved = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
        method: "PUT",
        body: { ...ADDRESS, state: "odisha" },
        token: alice.token,
      });
      expect(saved.status).toBe(200);
      expect(saved.json.addresses[0].state).toBe("Odisha");
    });

    it("only one address is the default", async () => {
      await addAddress(alice.token, { ...ADDRESS, id: "a2", isDefault: true });
      const res = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
        method: "PUT",
        body: { ...ADDRESS, isDefault: true },
        token: alice.token,
      });
      expect(
        res.json.addresses.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault]),
      ).toEqual([
        ["a1", true],
        ["a2", false],
      ]);
    });

    it("unknown methods answer 405", async () => {
      const res = await call(profileAddress.ALL, "/v2/users/profile-address", {
        method: "PATCH",
        token: alice.token,
      });
      expect(res.status).toBe(405);
    });
  });
});

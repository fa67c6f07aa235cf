/**
 * The portal suites' shared setup (tests/admin*.test.ts): a private Auth Emulator on the suite's
 * port (tests/helpers/ports.ts) with two real accounts, the owner and a shopper. Call at the top
 * level of the file; the answered objects are filled before the first test runs. The owner's role
 * is its users row, which each suite writes into its own database (role "tm_admin").
 *
 *   const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminOrders);
 */
import { afterAll, beforeAll } from "vitest";
import { schema } from "~/server/db/client";
import { startTestAuth, type TestAccount, type TestAuth } from "./auth";
import type { TestDb } from "./db";

export function usePortalAccounts(port: number): { owner: TestAccount; shopper: TestAccount } {
  const blank = (): TestAccount => ({ uid: "", email: "", password: "", token: "" });
  const owner = blank();
  const shopper = blank();
  const auth = useTestAuth(port);
  beforeAll(async () => {
    Object.assign(owner, await auth().createUser());
    Object.assign(shopper, await auth().createUser());
  }, 120_000);
  return { owner, shopper };
}

/**
 * A private Auth Emulator on the suite's port for the whole file (call at the top level); the
 * answered getter gives it once the file's first beforeAll has run.
 */
export function useTestAuth(port: number): () => TestAuth {
  let auth: TestAuth | undefined;
  beforeAll(async () => {
    auth = await startTestAuth(port);
  }, 120_000);
  afterAll(async () => {
    await auth?.stop();
  });
  return () => auth!;
}

/** The users rows of the owner (role "tm_admin") and the shopper, with their accounts' emails. */
export function portalUsers(
  owner: Pick<TestAccount, "uid" | "email">,
  shopper: Pick<TestAccount, "uid" | "email">,
) {
  return [
    { id: owner.uid, email: owner.email, role: "tm_admin" },
    { id: shopper.uid, email: shopper.email },
  ];
}

/**
 * The owner (role tm_admin) and the shopper, the category "frames" and `count` products p0, p1, …
 * in it (priced 10000 + i paise, cost 5000 paise, sku SKU-i).
 */
export async function seedPortalProducts(
  t: TestDb,
  owner: Pick<TestAccount, "uid">,
  shopper: Pick<TestAccount, "uid">,
  count: number,
) {
  await t.db.insert(schema.users).values([
    { id: owner.uid, email: "owner@example.com", role: "tm_admin" },
    { id: shopper.uid, email: "shopper@example.com" },
  ]);
  await t.db.insert(schema.categories).values({ id: "frames", slug: "frames", name: "Frames" });
  await t.db.insert(schema.products).values(
    Array.from({ length: count }, (_, i) => ({
      id: `p${i}`,
      name: `Product ${i}`,
      pricePaise: 10000 + i,
      costPricePaise: 5000,
      sku: `SKU-${i}`,
      categoryId: "frames",
    })),
  );
}

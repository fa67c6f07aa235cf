/**
 * The portal suites' shared setup (tests/admin*.test.ts): a private Auth Emulator on the suite's
 * port (tests/helpers/ports.ts) with two real accounts, the owner and a shopper. Call at the top
 * level of the file; the answered objects are filled before the first test runs. The owner's role
 * is its users row, which each suite writes into its own database (role "tm_admin").
 *
 *   const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminOrders);
 */
import { afterAll, beforeAll } from "vitest";
import { startTestAuth, type TestAccount, type TestAuth } from "./auth";

export function usePortalAccounts(port: number): { owner: TestAccount; shopper: TestAccount } {
  const blank = (): TestAccount => ({ uid: "", email: "", password: "", token: "" });
  const owner = blank();
  const shopper = blank();
  let auth: TestAuth | undefined;
  beforeAll(async () => {
    auth = await startTestAuth(port);
    Object.assign(owner, await auth.createUser());
    Object.assign(shopper, await auth.createUser());
  }, 120_000);
  afterAll(async () => {
    await auth?.stop();
  });
  return { owner, shopper };
}

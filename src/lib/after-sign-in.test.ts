import { afterEach, describe, expect, it } from "vitest";
import { afterSignIn, settleAfterSignIn } from "./after-sign-in";

describe("after-sign-in work (docs/decisions/0197-return-after-sign-in.md)", () => {
  const removals: (() => void)[] = [];
  afterEach(() => {
    for (const remove of removals.splice(0)) remove();
  });

  it("runs every task with the token and waits for them", async () => {
    const seen: string[] = [];
    removals.push(
      afterSignIn(async (token) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen.push(`merge:${token}`);
      }),
    );
    await settleAfterSignIn("t-1");
    expect(seen).toEqual(["merge:t-1"]);
  });

  it("never throws, and stops waiting after its limit", async () => {
    removals.push(afterSignIn(() => Promise.reject(new Error("offline"))));
    removals.push(afterSignIn(() => new Promise(() => {})));
    const started = Date.now();
    await expect(settleAfterSignIn("t-2", {}, 50)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("a removed task no longer runs", async () => {
    let runs = 0;
    afterSignIn(async () => {
      runs++;
    })();
    await settleAfterSignIn("t-3");
    expect(runs).toBe(0);
  });
});

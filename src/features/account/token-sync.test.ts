/**
 * Firebase is loaded only when the page must talk to it (docs/decisions/0224-firebase-only-when-needed.md):
 * a signed-in page whose cookie token is still good sends that token and never loads the SDK.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock("./firebase-client", () => {
  loaded.count++;
  return { getFirebaseAuth: async () => ({ currentUser: null }) };
});
vi.mock("firebase/auth", () => ({ onIdTokenChanged: () => () => {}, signOut: async () => {} }));

const { $token, $user } = await import("./session-state");
const { freshToken, REFRESH_MARGIN_MS, syncWhenTokenRunsOut } = await import("./token-sync");

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const tokenFor = (msLeft: number) =>
  `${part({ alg: "none" })}.${part({ exp: Math.floor((Date.now() + msLeft) / 1000) })}.sig`;

describe("the session's token without the Firebase SDK", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $user.set({ uid: "u1" } as never);
  });
  afterEach(() => {
    vi.useRealTimers();
    $user.set(null);
    $token.set(null);
  });

  it("sends the cookie's token while it has longer than asked left, loading nothing", async () => {
    const token = tokenFor(50 * 60_000);
    $token.set(token);
    expect(await freshToken()).toBe(token);
    syncWhenTokenRunsOut();
    await vi.advanceTimersByTimeAsync(40 * 60_000);
    expect(loaded.count).toBe(0);
  });

  it("loads Firebase when the token is about to run out, and not before", async () => {
    $token.set(tokenFor(REFRESH_MARGIN_MS + 60_000));
    syncWhenTokenRunsOut();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loaded.count).toBe(0);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(loaded.count).toBe(1);
  });
});

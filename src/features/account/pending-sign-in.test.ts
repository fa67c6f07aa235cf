/**
 * The key a sign-up made without the SDK leaves for the next page (pending-sign-in.ts, decision
 * 0320): traded for the SDK's sign-in once, for the session's own account only, and dropped
 * either way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Auth } from "firebase/auth";

const sdk = vi.hoisted(() => ({ signInWithCustomToken: vi.fn() }));
vi.mock("firebase/auth", () => sdk);

const { finishPendingSignIn, forgetSignIn, pendingSignIn, rememberSignIn } = await import(
  "./pending-sign-in"
);

const auth = (uid?: string) => ({ currentUser: uid ? { uid } : null }) as unknown as Auth;

describe("a sign-up's pending SDK sign-in", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    sdk.signInWithCustomToken.mockResolvedValue({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("signs the SDK in with the key for the session's account, once", async () => {
    rememberSignIn("asha", "key-1");
    const page = auth();
    await finishPendingSignIn(page, "asha");
    expect(sdk.signInWithCustomToken).toHaveBeenCalledWith(page, "key-1");
    expect(pendingSignIn()).toBeNull();
    await finishPendingSignIn(page, "asha");
    expect(sdk.signInWithCustomToken).toHaveBeenCalledTimes(1);
  });

  it("drops a key for another account, or when the SDK already holds the account", async () => {
    rememberSignIn("asha", "key-1");
    await finishPendingSignIn(auth(), "bela");
    rememberSignIn("asha", "key-2");
    await finishPendingSignIn(auth("asha"), "asha");
    expect(sdk.signInWithCustomToken).not.toHaveBeenCalled();
    expect(pendingSignIn()).toBeNull();
  });

  it("a failed sign-in is logged, not thrown; the key is gone", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    sdk.signInWithCustomToken.mockRejectedValue(new Error("auth/invalid-custom-token"));
    rememberSignIn("asha", "key-1");
    await expect(finishPendingSignIn(auth(), "asha")).resolves.toBeUndefined();
    expect(console.warn).toHaveBeenCalled();
    expect(pendingSignIn()).toBeNull();
  });

  it("forgetSignIn (what clearSession calls) drops the key", () => {
    rememberSignIn("asha", "key-1");
    forgetSignIn();
    expect(pendingSignIn()).toBeNull();
  });
});

/**
 * Sign-up in the browser (sign-up-flow.ts, decision 0320) with Firebase's sign-in API, the SDK and
 * the shop's API played by fakes: the account is made without the SDK, the verification email is
 * best effort, a sign-up whose record cannot be saved does not leave a Firebase account behind (the
 * address can be used again), and the SDK is signed in later with the answered key, or here with
 * the password when none came back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGN_UP_VALUES } from "./sign-up.fixtures";

const fb = vi.hoisted(() => ({
  createAccount: vi.fn(),
  sendVerificationMail: vi.fn(),
  deleteAccount: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  rememberSignIn: vi.fn(),
  apiJson: vi.fn(),
  startSession: vi.fn(),
}));

const CONFIG = { apiKey: "key", authDomain: "d", projectId: "p" };
vi.mock("firebase/auth", () => ({ signInWithEmailAndPassword: fb.signInWithEmailAndPassword }));
vi.mock("./firebase-client", () => ({ getFirebaseAuth: async () => ({}) }));
vi.mock("./firebase-config", () => ({ readFirebaseConfig: async () => CONFIG }));
vi.mock("./identity-rest", () => ({
  createAccount: fb.createAccount,
  sendVerificationMail: fb.sendVerificationMail,
  deleteAccount: fb.deleteAccount,
  identityBase: () => "http://x",
}));
vi.mock("./pending-sign-in", () => ({ rememberSignIn: fb.rememberSignIn }));
vi.mock("./session-api", () => ({ apiJson: fb.apiJson }));
vi.mock("./session-store", () => ({ startSession: fb.startSession }));
vi.mock("./token-sync", () => ({ duringAuthFlow: <T>(run: () => Promise<T>) => run() }));

const { signUpWithEmail } = await import("./sign-up-flow");
const { ApiError } = await import("~/lib/api-client");

const VALUES = SIGN_UP_VALUES;
const RECORD = { uid: "new-uid", email: "asha@example.com" };

describe("sign-up (sign-up-flow)", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fb.createAccount.mockResolvedValue({ uid: "new-uid", idToken: "id-token" });
    fb.sendVerificationMail.mockResolvedValue(undefined);
    fb.deleteAccount.mockResolvedValue(undefined);
    fb.signInWithEmailAndPassword.mockResolvedValue({});
    fb.apiJson.mockResolvedValue({ ...RECORD, signInToken: "custom-token" });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it("makes the account without the SDK, sends the mail, saves the record, keeps the SDK's key", async () => {
    await expect(signUpWithEmail(VALUES)).resolves.toEqual(RECORD);
    expect(fb.createAccount).toHaveBeenCalledWith(CONFIG, VALUES.email, VALUES.password);
    expect(fb.sendVerificationMail).toHaveBeenCalledWith(CONFIG, "id-token");
    expect(fb.apiJson).toHaveBeenCalledWith(
      "POST",
      "/v2/auth/register",
      expect.objectContaining({ firstName: "Asha", gender: "female" }),
      "id-token",
    );
    // The key is kept for the next page, never written into the session's user cookie.
    expect(fb.rememberSignIn).toHaveBeenCalledWith("new-uid", "custom-token");
    expect(fb.startSession).toHaveBeenCalledWith(RECORD, "id-token", false);
    expect(fb.signInWithEmailAndPassword).not.toHaveBeenCalled();
    expect(fb.deleteAccount).not.toHaveBeenCalled();
  });

  it("signs the SDK in with the password before leaving when the shop answered no key", async () => {
    fb.apiJson.mockResolvedValue(RECORD);
    await expect(signUpWithEmail(VALUES)).resolves.toEqual(RECORD);
    expect(fb.signInWithEmailAndPassword).toHaveBeenCalledWith({}, VALUES.email, VALUES.password);
    expect(fb.rememberSignIn).not.toHaveBeenCalled();
    expect(fb.startSession).toHaveBeenCalledWith(RECORD, "id-token", true);
  });

  it("goes on when the verification email cannot be sent (logged, not fatal)", async () => {
    fb.sendVerificationMail.mockRejectedValue(new Error("auth/too-many-requests"));
    await expect(signUpWithEmail(VALUES)).resolves.toEqual(RECORD);
    expect(fb.apiJson).toHaveBeenCalledTimes(1);
    expect(fb.deleteAccount).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        expect.stringMatching(/verification email/),
        expect.any(Error),
      ),
    );
  });

  it("fails before anything is saved when Firebase refuses the account", async () => {
    fb.createAccount.mockRejectedValue(new Error("auth/email-already-in-use"));
    await expect(signUpWithEmail(VALUES)).rejects.toThrow(/email-already-in-use/);
    expect(fb.apiJson).not.toHaveBeenCalled();
    expect(fb.startSession).not.toHaveBeenCalled();
  });

  it.each([
    [
      "the server refuses the record (4xx)",
      () => new ApiError(409, "This email address already belongs to another account"),
    ],
    ["the server fails (5xx)", () => new ApiError(500, "boom")],
  ])("deletes the new Firebase account and fails when %s", async (_label, make) => {
    fb.apiJson.mockRejectedValue(make());
    await expect(signUpWithEmail(VALUES)).rejects.toBeInstanceOf(ApiError);
    expect(fb.deleteAccount).toHaveBeenCalledWith(CONFIG, "id-token");
    expect(fb.startSession).not.toHaveBeenCalled();
  });

  it("still fails with the original error when the account cannot be deleted either", async () => {
    fb.apiJson.mockRejectedValue(new ApiError(500, "boom"));
    fb.deleteAccount.mockRejectedValue(new Error("auth/network-request-failed"));
    await expect(signUpWithEmail(VALUES)).rejects.toMatchObject({ status: 500 });
  });

  it("keeps the account when the request went out and no answer came back (the record may exist; logging in completes it)", async () => {
    fb.apiJson.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(signUpWithEmail(VALUES)).rejects.toBeInstanceOf(TypeError);
    expect(fb.deleteAccount).not.toHaveBeenCalled();
    expect(fb.startSession).not.toHaveBeenCalled();
  });
});

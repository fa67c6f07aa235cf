/**
 * Sign-up in the browser (auth-flows.ts) with the Firebase SDK and the shop's API played by fakes:
 * the verification email is best effort, and a sign-up whose record cannot be saved does not
 * leave a Firebase account behind (the address can be used again).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignUpInput } from "./account.schema";

const fb = vi.hoisted(() => ({
  user: { uid: "new-uid", getIdToken: vi.fn(), delete: vi.fn() },
  createUserWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  signOut: vi.fn(),
  apiJson: vi.fn(),
  startSession: vi.fn(),
}));

vi.mock("firebase/auth", () => ({
  GoogleAuthProvider: class {},
  createUserWithEmailAndPassword: fb.createUserWithEmailAndPassword,
  getAdditionalUserInfo: vi.fn(),
  sendEmailVerification: fb.sendEmailVerification,
  signInWithCredential: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  signInWithPopup: vi.fn(),
  signOut: fb.signOut,
}));
vi.mock("./firebase-client", () => ({ getFirebaseAuth: async () => ({}) }));
vi.mock("./firebase-config", () => ({ readFirebaseConfig: async () => null }));
vi.mock("./session-api", () => ({ apiJson: fb.apiJson }));
vi.mock("./session-store", () => ({ startSession: fb.startSession }));
vi.mock("./token-sync", () => ({ duringAuthFlow: <T>(run: () => Promise<T>) => run() }));

const { signUpWithEmail } = await import("./auth-flows");
const { ApiError } = await import("~/lib/api-client");

const VALUES: SignUpInput = {
  firstName: "Asha",
  lastName: "Verma",
  email: "asha@example.com",
  phone: "9876543210",
  password: "resin-lover",
  confirmPassword: "resin-lover",
  dateOfBirth: "1994-06-15",
  gender: "female",
  agree: true,
};
const RECORD = { uid: "new-uid", email: "asha@example.com" };

describe("sign-up (auth-flows)", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fb.user.getIdToken.mockResolvedValue("id-token");
    fb.user.delete.mockResolvedValue(undefined);
    fb.createUserWithEmailAndPassword.mockResolvedValue({ user: fb.user });
    fb.sendEmailVerification.mockResolvedValue(undefined);
    fb.signOut.mockResolvedValue(undefined);
    fb.apiJson.mockResolvedValue(RECORD);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it("creates the account, sends the verification email, saves the record and starts the session", async () => {
    await expect(signUpWithEmail(VALUES)).resolves.toEqual(RECORD);
    expect(fb.sendEmailVerification).toHaveBeenCalledWith(fb.user);
    expect(fb.apiJson).toHaveBeenCalledWith(
      "POST",
      "/v2/auth/register",
      expect.objectContaining({ firstName: "Asha", gender: "female" }),
      "id-token",
    );
    expect(fb.startSession).toHaveBeenCalledWith(RECORD, "id-token");
    expect(fb.user.delete).not.toHaveBeenCalled();
  });

  it("goes on when the verification email cannot be sent (logged, not fatal)", async () => {
    fb.sendEmailVerification.mockRejectedValue(new Error("auth/too-many-requests"));
    await expect(signUpWithEmail(VALUES)).resolves.toEqual(RECORD);
    expect(fb.apiJson).toHaveBeenCalledTimes(1);
    expect(fb.startSession).toHaveBeenCalledWith(RECORD, "id-token");
    expect(fb.user.delete).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/verification email/),
      expect.any(Error),
    );
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
    expect(fb.user.delete).toHaveBeenCalledTimes(1);
    expect(fb.startSession).not.toHaveBeenCalled();
    expect(fb.signOut).toHaveBeenCalled();
  });

  it("deletes the new Firebase account when no token could be had (nothing reached the server)", async () => {
    fb.user.getIdToken.mockRejectedValue(new Error("auth/network-request-failed"));
    await expect(signUpWithEmail(VALUES)).rejects.toThrow();
    expect(fb.apiJson).not.toHaveBeenCalled();
    expect(fb.user.delete).toHaveBeenCalledTimes(1);
  });

  it("still fails with the original error when the account cannot be deleted either", async () => {
    fb.apiJson.mockRejectedValue(new ApiError(500, "boom"));
    fb.user.delete.mockRejectedValue(new Error("auth/network-request-failed"));
    await expect(signUpWithEmail(VALUES)).rejects.toMatchObject({ status: 500 });
  });

  it("keeps the account when the request went out and no answer came back (the record may exist; logging in completes it)", async () => {
    fb.apiJson.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(signUpWithEmail(VALUES)).rejects.toBeInstanceOf(TypeError);
    expect(fb.user.delete).not.toHaveBeenCalled();
    expect(fb.signOut).toHaveBeenCalled();
  });
});

/**
 * Sign-up without the Firebase SDK (docs/decisions/0320-sign-up-without-the-sdk.md), against the
 * Auth Emulator: the account is made by one call of Firebase's sign-in API, its failures read as
 * the SDK's codes (the form shows the spec's one failure toast for all), its ID token is taken by
 * POST /v2/auth/register, whose answer carries a key (a custom token) that signs the SDK in as the
 * same account, for the call that made the record only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROJECT_ID } from "~/server/auth/demo";
import {
  createAccount,
  deleteAccount,
  identityErrorCode,
  sendVerificationMail,
} from "~/features/account/identity-rest";
import type { FirebaseWebConfig } from "~/lib/firebase-web-config";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { PROFILE } from "./helpers/fixtures";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

const auth = useTestAuth(EMULATOR_PORTS.signUpRest);
const registerRoute = await import("~/pages/v2/auth/register");

const config = (): FirebaseWebConfig => ({
  apiKey: "test",
  authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
  projectId: DEMO_PROJECT_ID,
  emulatorHost: auth().host,
});
let n = 0;
const address = () => `rest.${Date.now()}.${++n}@example.com`;

/** Trades a custom token for an ID token (as the SDK's signInWithCustomToken does): its uid. */
async function signInWith(customToken: string): Promise<string> {
  const res = await fetch(
    `http://${auth().host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  expect(res.status).toBe(200);
  const { idToken } = (await res.json()) as { idToken: string };
  const claims = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString());
  return (claims as { sub: string }).sub;
}

describe.each(dbKinds)("sign-up through Firebase's sign-in API on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("makes the account in one call; the record is saved with its token and answers the SDK's key", async () => {
    const email = address();
    const account = await createAccount(config(), email, "resin-lover-1");
    await expect(sendVerificationMail(config(), account.idToken)).resolves.toBeUndefined();
    const register = () =>
      call(registerRoute.POST, "/v2/auth/register", {
        method: "POST",
        token: account.idToken,
        body: { ...PROFILE, email },
      });
    const res = await register();
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ uid: account.uid, email });
    expect(typeof res.json.signInToken).toBe("string");
    expect(await signInWith(res.json.signInToken)).toBe(account.uid);
    // A second call (a retry) made no record: no key.
    const again = await register();
    expect(again.status).toBe(200);
    expect(again.json).not.toHaveProperty("signInToken");
  });

  it.each([
    ["an address already in use", "taken", "auth/email-already-in-use"],
    ["a weak password", "weak", "auth/weak-password"],
    ["an invalid address", "invalid", "auth/invalid-email"],
  ])("refuses %s with the SDK's code", async (_label, kind, code) => {
    const email = address();
    if (kind === "taken") await createAccount(config(), email, "resin-lover-1");
    const attempt = createAccount(
      config(),
      kind === "invalid" ? "not-an-address" : email,
      kind === "weak" ? "123" : "resin-lover-1",
    );
    await expect(attempt).rejects.toMatchObject({ name: "IdentityError", code });
  });

  it("deletes the account its token belongs to (a sign-up whose record was refused)", async () => {
    const email = address();
    const account = await createAccount(config(), email, "resin-lover-1");
    await deleteAccount(config(), account.idToken);
    // The address is free again.
    await expect(createAccount(config(), email, "resin-lover-1")).resolves.toMatchObject({
      idToken: expect.any(String),
    });
  });

  it("reads the API's messages as the SDK's codes, the detail after ' : ' aside", () => {
    expect(identityErrorCode("EMAIL_EXISTS")).toBe("auth/email-already-in-use");
    expect(identityErrorCode("WEAK_PASSWORD : Password should be at least 6 characters")).toBe(
      "auth/weak-password",
    );
    expect(identityErrorCode("TOO_MANY_ATTEMPTS_TRY_LATER")).toBe("auth/too-many-requests");
    expect(identityErrorCode("SOMETHING_NEW")).toBe("auth/internal-error");
  });
});

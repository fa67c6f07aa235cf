/**
 * Firebase's sign-in API called directly, without the SDK, for the one step of a sign-up that
 * is on the shopper's wait: making the account (docs/decisions/0320-sign-up-without-the-sdk.md).
 * Published reference: Identity Platform REST v1, accounts.signUp, accounts.sendOobCode and
 * accounts.delete (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts);
 * the Auth Emulator answers the same paths under http://{host}/identitytoolkit.googleapis.com.
 *
 * Failures throw an IdentityError whose `code` is the SDK's for the same failure
 * ("auth/email-already-in-use"...), so logs and callers read the same either way.
 */
import type { FirebaseWebConfig } from "~/lib/firebase-web-config";

/** Firebase's sign-in API, or the Auth Emulator's copy of it in demo mode. */
export function identityBase(config: FirebaseWebConfig): string {
  return config.emulatorHost
    ? `http://${config.emulatorHost}/identitytoolkit.googleapis.com`
    : "https://identitytoolkit.googleapis.com";
}

/** The REST API's error messages ("WEAK_PASSWORD : Password should be...") as the SDK's codes. */
const CODES: Record<string, string> = {
  EMAIL_EXISTS: "auth/email-already-in-use",
  WEAK_PASSWORD: "auth/weak-password",
  INVALID_EMAIL: "auth/invalid-email",
  MISSING_EMAIL: "auth/missing-email",
  MISSING_PASSWORD: "auth/missing-password",
  TOO_MANY_ATTEMPTS_TRY_LATER: "auth/too-many-requests",
  OPERATION_NOT_ALLOWED: "auth/operation-not-allowed",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "auth/password-does-not-meet-requirements",
  INVALID_ID_TOKEN: "auth/invalid-user-token",
  USER_NOT_FOUND: "auth/user-not-found",
  USER_DISABLED: "auth/user-disabled",
};

export class IdentityError extends Error {
  constructor(
    readonly code: string,
    detail = "",
  ) {
    super(`Firebase: ${detail || "Error"} (${code}).`);
    this.name = "IdentityError";
  }
}

/** The SDK's code for a REST error message; its part before " : " names the failure. */
export function identityErrorCode(message: string): string {
  const name = message.split(" : ")[0]?.trim() ?? "";
  return CODES[name] ?? "auth/internal-error";
}

async function call<T>(config: FirebaseWebConfig, method: string, body: object): Promise<T> {
  const url = `${identityBase(config)}/v1/accounts:${method}?key=${encodeURIComponent(config.apiKey)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new IdentityError("auth/network-request-failed");
  }
  const answer = (await response.json().catch(() => ({}))) as {
    error?: { message?: string };
  } & T;
  if (!response.ok) {
    const message = answer.error?.message ?? "";
    throw new IdentityError(identityErrorCode(message), message.split(" : ")[1]);
  }
  return answer;
}

export interface NewAccount {
  uid: string;
  idToken: string;
}

/** Makes an email-and-password account: one request, which answers its ID token. */
export async function createAccount(
  config: FirebaseWebConfig,
  email: string,
  password: string,
): Promise<NewAccount> {
  const made = await call<{ localId?: string; idToken?: string }>(config, "signUp", {
    email,
    password,
    returnSecureToken: true,
  });
  if (!made.localId || !made.idToken) throw new IdentityError("auth/internal-error");
  return { uid: made.localId, idToken: made.idToken };
}

/** Asks Firebase to send its address-verification mail (the SDK's sendEmailVerification). */
export async function sendVerificationMail(
  config: FirebaseWebConfig,
  idToken: string,
): Promise<void> {
  await call(config, "sendOobCode", { requestType: "VERIFY_EMAIL", idToken });
}

/** Deletes the account the ID token belongs to (a sign-up whose record could not be saved). */
export async function deleteAccount(config: FirebaseWebConfig, idToken: string): Promise<void> {
  await call(config, "delete", { idToken });
}

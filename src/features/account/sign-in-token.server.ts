/**
 * The key that signs the browser's Firebase SDK in after a sign-up made without it
 * (docs/decisions/0320-sign-up-without-the-sdk.md): a Firebase custom token for the new account,
 * minted by firebase-admin and answered with the record. The SDK trades it for its own signed-in
 * user on the next page, off the shopper's wait; that user is what refreshes the token later
 * (docs/decisions/0224-firebase-only-when-needed.md).
 *
 * Minted only where firebase-admin can sign without asking the network: the Auth Emulator (its
 * tokens are unsigned) or a service-account key (FIREBASE_SERVICE_ACCOUNT, signed locally). With
 * Application Default Credentials alone, signing would be a call to Google's IAM API on the
 * shopper's wait, so none is minted and the browser signs the SDK in itself before it leaves the
 * sign-up page. A failure is logged and leaves the token out; the sign-up never fails for it.
 */
import { adminAuth, emulatorHost } from "~/server/auth/firebase-admin.server";
import { env } from "~/server/env";
import { loggable } from "~/server/log-safe";
import { log } from "~/server/log/logger";

export async function signInTokenFor(uid: string): Promise<string | undefined> {
  if (!emulatorHost() && !env().FIREBASE_SERVICE_ACCOUNT) return undefined;
  try {
    return await adminAuth().createCustomToken(uid);
  } catch (error) {
    log.warn("[auth] the new account's sign-in token could not be minted", loggable(error));
    return undefined;
  }
}

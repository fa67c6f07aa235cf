/**
 * Sign-up in the browser (docs/product.md §4, §5) with Firebase's sign-in API called directly, so
 * the press waits for two round trips and no SDK work: Firebase makes the account and answers its
 * ID token, then the shop saves the record (and answers the merged cart and a key for the SDK),
 * then the next page (docs/decisions/0320-sign-up-without-the-sdk.md). The SDK is signed in on
 * the next page with that key (pending-sign-in.ts); where the shop cannot mint one, it is signed
 * in here with the password before the page is left, as before.
 */
import type { User } from "./account";
import { registerBody, type SignUpInput } from "./account.schema";
import { ApiError } from "~/lib/api-client";
import type { SignInAnswer } from "~/lib/after-sign-in";
import { firebase, signInCall, started } from "./auth-flows";
import { readFirebaseConfig } from "./firebase-config";
import { createAccount, deleteAccount, sendVerificationMail } from "./identity-rest";
import { rememberSignIn } from "./pending-sign-in";
import { duringAuthFlow } from "./token-sync";

/**
 * Creates the Firebase account, sends the verification email (best effort: a failure is logged,
 * the sign-up goes on), saves the record, starts the session. When the record cannot be saved the
 * Firebase account is deleted again, unless the server may have saved it (the request was sent but
 * no answer came back): then the account is kept, and logging in with it completes the record.
 */
export function signUpWithEmail(values: SignUpInput): Promise<User> {
  return duringAuthFlow(async () => {
    const config = await readFirebaseConfig();
    if (!config) throw new Error("Sign-in is not configured for this shop.");
    const account = await createAccount(config, values.email, values.password);
    // Sent alongside the record's save and never waited for (best effort, decision 0290): its
    // request leaves before the record's does, so it reaches Firebase before the page is left.
    void sendVerificationMail(config, account.idToken).catch((error: unknown) =>
      console.error("[sign-up] the verification email could not be sent", error),
    );
    let answer: { user: User & { signInToken?: unknown }; extras: SignInAnswer };
    try {
      answer = await signInCall("/v2/auth/register", registerBody(values), account.idToken);
    } catch (error) {
      // An ApiError is the server's answer: its transaction rolled back, nothing was saved.
      if (error instanceof ApiError) await discardNewAccount(config, account.idToken);
      else
        console.error(
          "[sign-up] no answer from the server; the Firebase account is kept (logging in completes it)",
          error,
        );
      throw error;
    }
    const { signInToken, ...user } = answer.user;
    let sdkSignedIn = false;
    if (typeof signInToken === "string") rememberSignIn(account.uid, signInToken);
    else sdkSignedIn = await signInTheSdk(values.email, values.password);
    return await started(user, account.idToken, answer.extras, sdkSignedIn);
  });
}

/**
 * Undoes a sign-up whose record could not be saved: deletes the Firebase account just made, so
 * the address can be used to sign up again. Failing that, it is only logged (the person can
 * still log in with it, which makes the record).
 */
async function discardNewAccount(
  config: Parameters<typeof deleteAccount>[0],
  idToken: string,
): Promise<void> {
  try {
    await deleteAccount(config, idToken);
  } catch (error) {
    console.error("[sign-up] could not remove the half-made Firebase account", error);
  }
}

/** No key came back (see sign-in-token.server.ts): the SDK signs in itself, as a login does. */
async function signInTheSdk(email: string, password: string): Promise<boolean> {
  try {
    const { sdk, auth } = await firebase();
    await sdk.signInWithEmailAndPassword(auth, email, password);
    return true;
  } catch (error) {
    console.error("[sign-up] the new account could not be signed in to Firebase", error);
    return false;
  }
}

/**
 * Login and Google sign-in in the browser (docs/product.md §4; sign-up: sign-up-flow.ts): the
 * identity provider first (Firebase), then the shop's own record (POST /v2/auth/...), then the
 * session cookies.
 * Each throws on failure; the forms turn that into the spec's toasts.
 *
 * The Firebase SDK (~32 kB compressed) is imported only when a flow runs (or `preloadAuth()` is
 * called), so the login and sign-up pages paint and hydrate without it
 * (docs/decisions/0043-critical-css-and-page-weight.md).
 */
import type { UserCredential } from "firebase/auth";
import type { User } from "./account";
import { readFirebaseConfig } from "./firebase-config";
import { apiJson } from "./session-api";
import { startSession } from "./session-store";
import { settleAfterSignIn, signInRequest, type SignInAnswer } from "~/lib/after-sign-in";
import { duringAuthFlow } from "./token-sync";
import { identityBase } from "./identity-rest";

/** The Firebase Auth SDK and this page's Auth instance, loaded on first use. */
export async function firebase() {
  const [sdk, { getFirebaseAuth }] = await Promise.all([
    import("firebase/auth"),
    import("./firebase-client"),
  ]);
  return { sdk, auth: await getFirebaseAuth() };
}

let preloaded = false;

/**
 * Starts downloading the Firebase SDK, sets up this page's Auth instance (its stored state read
 * from IndexedDB) and opens the connection to Firebase's sign-in API while a person fills in a
 * sign-in form, so none of it waits for the press (decisions 0224, 0290).
 */
export function preloadAuth(): void {
  if (preloaded) return;
  preloaded = true;
  void firebase().catch(() => {
    preloaded = false;
  });
  void readFirebaseConfig()
    .then((config) => {
      if (config) preconnect(new URL(identityBase(config)).origin);
    })
    .catch(() => {});
}

/** A `<link rel="preconnect">` (anonymous: the SDK's calls carry no cookies). */
function preconnect(origin: string): void {
  if (typeof document === "undefined") return;
  const link = document.createElement("link");
  link.rel = "preconnect";
  link.href = origin;
  link.crossOrigin = "anonymous";
  document.head.append(link);
}

/**
 * The shop's sign-in call (register or login) with what other features ask to send along (the
 * guest cart), so their answers come back in the same round trip (decision 0290).
 */
export async function signInCall(
  path: string,
  body: object,
  token: string,
): Promise<{ user: User; extras: SignInAnswer }> {
  const request = signInRequest<User>();
  try {
    const answer = await apiJson<User>("POST", path, { ...body, ...request.body }, token);
    const { rest, extras } = request.split(answer);
    return { user: rest, extras };
  } catch (error) {
    request.failed();
    throw error;
  }
}

/** Starts the session, then waits for the page's after-sign-in work (the cart's merge) before the form moves on. */
export async function started(
  user: User,
  token: string,
  extras: SignInAnswer = {},
  sync = true,
): Promise<User> {
  startSession(user, token, sync);
  await settleAfterSignIn(token, extras);
  return user;
}

async function abandon(): Promise<void> {
  try {
    const { sdk, auth } = await firebase();
    await sdk.signOut(auth);
  } catch {
    /* nothing to undo */
  }
}

/** Email and password login; the record is created on the first login when missing. */
export function loginWithEmail(email: string, password: string): Promise<User> {
  return duringAuthFlow(async () => {
    const { sdk, auth } = await firebase();
    try {
      const credential = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
      const token = await credential.user.getIdToken();
      const { user, extras } = await signInCall("/v2/auth/login", {}, token);
      return await started(user, token, extras);
    } catch (error) {
      await abandon();
      throw error;
    }
  });
}

/**
 * Demo mode only: an end-to-end test can preset `window.__resinGoogleIdentity = { sub, email, name }`
 * to sign in through an emulator credential, because Google's popup cannot load offline. The
 * production build ignores it (no emulator configured).
 */
declare global {
  interface Window {
    __resinGoogleIdentity?: { sub: string; email: string; name?: string };
  }
}

async function googleCredential(): Promise<UserCredential> {
  const { sdk, auth } = await firebase();
  const { GoogleAuthProvider } = sdk;
  const config = await readFirebaseConfig();
  const preset = typeof window !== "undefined" ? window.__resinGoogleIdentity : undefined;
  if (config?.emulatorHost && preset) {
    const idToken = JSON.stringify({
      sub: preset.sub,
      email: preset.email,
      email_verified: true,
      ...(preset.name ? { name: preset.name } : {}),
    });
    return sdk.signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
  }
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: "select_account" });
  return sdk.signInWithPopup(auth, provider, sdk.browserPopupRedirectResolver);
}

/** "Continue with Google": new accounts get their record from /v2/auth-google/register first. */
export function continueWithGoogle(): Promise<User> {
  return duringAuthFlow(async () => {
    try {
      const credential = await googleCredential();
      const token = await credential.user.getIdToken();
      const { getAdditionalUserInfo } = await import("firebase/auth");
      if (getAdditionalUserInfo(credential)?.isNewUser) {
        const firstName = (credential.user.displayName ?? "").trim().split(/\s+/)[0] ?? "";
        await apiJson(
          "POST",
          "/v2/auth-google/register",
          { email: credential.user.email ?? "", firstName },
          token,
        );
      }
      const { user, extras } = await signInCall("/v2/auth/login", {}, token);
      return await started(user, token, extras);
    } catch (error) {
      await abandon();
      throw error;
    }
  });
}

/**
 * "Forgot password?" (docs/product.md §2 Login): Firebase sends its password-reset mail (the Auth
 * Emulator keeps it locally, at /emulator/v1/projects/{project}/oobCodes). An address with no
 * account resolves the same way as one with an account, so the answer never tells which it is.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const { sdk, auth } = await firebase();
  try {
    await sdk.sendPasswordResetEmail(auth, email.trim());
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return;
    throw error;
  }
}

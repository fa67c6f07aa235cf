/**
 * The browser's Firebase Authentication, initialised once from the server's public config
 * (firebase-config.ts). In demo mode it talks to the local Auth Emulator.
 *
 * Only the account islands and the session sync import this module (it pulls in the Firebase
 * SDK); anonymous visitors on other pages never download it.
 */
import { initializeApp, getApps } from "firebase/app";
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from "firebase/auth";
import { readFirebaseConfig } from "./firebase-config";

let authPromise: Promise<Auth> | undefined;

export class SignInNotConfiguredError extends Error {
  constructor() {
    super(
      "Sign-in is not configured for this shop (PUBLIC_FIREBASE_API_KEY / PUBLIC_FIREBASE_PROJECT_ID).",
    );
  }
}

/** Firebase Auth for this page (persistence: IndexedDB, so the sign-in survives reloads). */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const config = await readFirebaseConfig();
    if (!config) throw new SignInNotConfiguredError();
    const app =
      getApps()[0] ??
      initializeApp({
        apiKey: config.apiKey,
        authDomain: config.authDomain,
        projectId: config.projectId,
        ...(config.appId ? { appId: config.appId } : {}),
      });
    // getAuth() would also set up Google's popup resolver, which loads https://apis.google.com/js/api.js
    // on every page with a session; the resolver is passed only to the Google sign-in (auth-flows.ts).
    const auth = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
    if (config.emulatorHost)
      connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
    await auth.authStateReady();
    return auth;
  })().catch((error: unknown) => {
    authPromise = undefined;
    throw error;
  });
  return authPromise;
}

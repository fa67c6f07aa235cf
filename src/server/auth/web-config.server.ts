/**
 * The Firebase web configuration the browser needs (public values, never secrets), read from the
 * environment at request time so one build serves demo mode and production alike.
 * Pages embed it with <FirebaseConfig /> (src/features/account/FirebaseConfig.astro);
 * GET /v2/auth/config answers the same for pages that do not.
 */
import { env } from "~/server/env";
import type { FirebaseWebConfig } from "~/lib/firebase-web-config";
import { DEMO_PROJECT_ID } from "./demo";
import { emulatorHost } from "./firebase-admin.server";

/** null when production sign-in is not configured (PUBLIC_FIREBASE_API_KEY / project id missing). */
export function firebaseWebConfig(): FirebaseWebConfig | null {
  const e = env();
  const emulator = e.DEMO_MODE ? emulatorHost() : undefined;
  if (emulator) {
    const projectId = e.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
    return {
      apiKey: e.PUBLIC_FIREBASE_API_KEY ?? "demo-api-key",
      authDomain: e.PUBLIC_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      emulatorHost: emulator,
    };
  }
  const projectId = e.PUBLIC_FIREBASE_PROJECT_ID ?? e.FIREBASE_PROJECT_ID;
  if (!e.PUBLIC_FIREBASE_API_KEY || !projectId) return null;
  return {
    apiKey: e.PUBLIC_FIREBASE_API_KEY,
    authDomain: e.PUBLIC_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    projectId,
    ...(e.PUBLIC_FIREBASE_APP_ID ? { appId: e.PUBLIC_FIREBASE_APP_ID } : {}),
  };
}

/**
 * The public Firebase web configuration as the browser receives it from the server: either
 * embedded in the page by <FirebaseConfig /> (a JSON <script>), or from GET /v2/auth/config.
 * `emulatorHost` is set only in demo mode (local Auth Emulator).
 */
import { api } from "~/lib/api-client";
import type { FirebaseWebConfig } from "~/lib/firebase-web-config";

export type { FirebaseWebConfig };

export const FIREBASE_CONFIG_ELEMENT_ID = "firebase-web-config";

let loading: Promise<FirebaseWebConfig | null> | undefined;

/** The configuration for this page; null when the shop has no sign-in configured. */
export function readFirebaseConfig(): Promise<FirebaseWebConfig | null> {
  loading ??= (async () => {
    const el =
      typeof document !== "undefined" ? document.getElementById(FIREBASE_CONFIG_ELEMENT_ID) : null;
    if (el?.textContent) {
      try {
        return JSON.parse(el.textContent) as FirebaseWebConfig | null;
      } catch {
        /* fall through to the endpoint */
      }
    }
    return (await api.get<{ firebase: FirebaseWebConfig | null }>("/v2/auth/config")).firebase;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

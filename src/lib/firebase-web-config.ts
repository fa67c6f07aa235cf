/**
 * The public Firebase web configuration (never a secret): built by the server
 * (src/server/auth/web-config.server.ts), read by the browser (features/account/firebase-config.ts).
 * `emulatorHost` is set only in demo mode (local Auth Emulator).
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  emulatorHost?: string;
}

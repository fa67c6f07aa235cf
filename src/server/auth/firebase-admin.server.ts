/**
 * The server's view of Firebase Authentication: firebase-admin, initialised once, and the one
 * function that turns an ID token into a verified identity.
 *
 * Production: the project id comes from FIREBASE_PROJECT_ID (or PUBLIC_FIREBASE_PROJECT_ID);
 * firebase-admin checks the RS256 signature against Google's published keys, the audience
 * (project id), the issuer, the issue and expiry times, and (checkRevoked) that the account is
 * neither disabled nor signed out everywhere since the token was issued. Revocation needs a
 * credential: FIREBASE_SERVICE_ACCOUNT (the JSON key) or Application Default Credentials.
 *
 * Demo mode: FIREBASE_AUTH_EMULATOR_HOST points firebase-admin at the local Auth Emulator, whose
 * tokens are NOT signed: anybody could mint one. So the emulator is refused (every call throws)
 * unless DEMO_MODE is on AND the shop listens on a loopback address only AND it is not meant to
 * sit behind a proxy (TRUST_PROXY off, PUBLIC_SITE_URL on a loopback name). The page middleware
 * also refuses, in demo mode, requests whose Host is not a loopback name (DNS rebinding). That guard is
 * in firebase-emulator.server.ts.
 *
 * Verified tokens are remembered for a short while (VERIFY_CACHE_MS, never past their expiry) so
 * a page load and its API calls do not each ask Firebase again; a revocation therefore takes
 * effect within that time.
 */
import { cert, deleteApp, initializeApp, type App, type AppOptions } from "firebase-admin/app";
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from "firebase-admin/auth";
import { env } from "~/server/env";
import { DEMO_PROJECT_ID } from "./demo";
import { log } from "~/server/log/logger";
import {
  assertEmulatorAllowed,
  emulatorHost,
  resetEmulatorWarning,
} from "./firebase-emulator.server";

/** What the server knows about a caller once their token has been verified. */
export interface Identity {
  uid: string;
  /** Lower-cased; "" when the account has no email (never for accounts made by this shop). */
  email: string;
  emailVerified: boolean;
  /** The provider's display name (Google), "" when absent. */
  name: string;
  /** Expiry of the token, epoch milliseconds. */
  expiresAt: number;
}

/** The token is missing its parts, forged, expired, revoked, or the account is disabled: answer 401. */
export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Sign-in cannot be checked right now (Firebase unreachable, no credential): answer 503. */
export class AuthUnavailableError extends Error {}

export const VERIFY_CACHE_MS = 60_000;
const CACHE_LIMIT = 2000;

let app: App | undefined;
let ownApp = false;
const cache = new Map<string, { identity: Identity; at: number }>();

export { assertEmulatorAllowed, emulatorHost, isLoopbackHost } from "./firebase-emulator.server";

/** The Firebase project the tokens must be issued for. */
export function firebaseProjectId(): string {
  const e = env();
  const id =
    e.FIREBASE_PROJECT_ID ??
    e.PUBLIC_FIREBASE_PROJECT_ID ??
    (emulatorHost() ? DEMO_PROJECT_ID : undefined);
  if (!id)
    throw new AuthUnavailableError(
      "Set FIREBASE_PROJECT_ID (or PUBLIC_FIREBASE_PROJECT_ID) to the Firebase project's id.",
    );
  return id;
}

function createApp(): App {
  const e = env();
  const options: AppOptions = { projectId: firebaseProjectId() };
  if (!emulatorHost() && e.FIREBASE_SERVICE_ACCOUNT) {
    let parsed: Record<string, string>;
    try {
      parsed = JSON.parse(e.FIREBASE_SERVICE_ACCOUNT) as Record<string, string>;
    } catch {
      throw new AuthUnavailableError(
        "FIREBASE_SERVICE_ACCOUNT is not valid JSON (paste the service account key file's content).",
      );
    }
    options.credential = cert({
      projectId: parsed.project_id,
      clientEmail: parsed.client_email,
      privateKey: parsed.private_key,
    });
  }
  // Without a credential firebase-admin falls back to Application Default Credentials
  // (GOOGLE_APPLICATION_CREDENTIALS or the cloud metadata server); the emulator needs none.
  return initializeApp(options, `resin-auth-${Date.now()}`);
}

/** firebase-admin's Auth for this process (after the emulator check). */
export function adminAuth(): Auth {
  assertEmulatorAllowed();
  if (!app) {
    app = createApp();
    ownApp = true;
  }
  return getAuth(app);
}

/**
 * Tests: use this app (e.g. a production-mode app with a local key server), or undefined to go
 * back to the environment's. The previous app is deleted unless `keepPrevious`.
 */
export async function setFirebaseAppForTests(
  next: App | undefined,
  options: { keepPrevious?: boolean } = {},
): Promise<void> {
  if (app && !options.keepPrevious) await deleteApp(app).catch(() => {});
  app = next;
  ownApp = false;
  resetEmulatorWarning();
  cache.clear();
}

export function currentFirebaseAppForTests(): App | undefined {
  return app;
}

/** Releases firebase-admin (scripts call this before exiting). */
export async function closeFirebaseApp(): Promise<void> {
  if (app && ownApp) await deleteApp(app).catch(() => {});
  app = undefined;
  ownApp = false;
  cache.clear();
}

/**
 * Removes a Firebase account (the shopper's erasure, docs/decisions/0101-data-rights.md); one that
 * is already gone counts as removed. Cached verifications are forgotten, so its tokens stop at once.
 */
export async function deleteFirebaseAccount(uid: string): Promise<void> {
  try {
    await adminAuth().deleteUser(uid);
  } catch (error) {
    if (codeOf(error) !== "auth/user-not-found") throw error;
  } finally {
    cache.clear();
  }
}

/** Forgets cached verifications (tests; or after revoking someone's sessions). */
export function clearVerifyCache(): void {
  cache.clear();
}

/** What Firebase says about the address one of our records holds (see firebaseEmailStatus). */
export type FirebaseEmailStatus =
  | "verified"
  | "unverified"
  | "other-email"
  | "disabled"
  | "no-account";

/**
 * Asks Firebase (firebase-admin `getUser`) whether the account `uid` holds `email` and has
 * verified it. The email in our database came from a sign-in token and may never have been
 * verified, so anything that grants rights by email must ask this first.
 * Throws AuthUnavailableError when Firebase cannot be asked.
 */
export async function firebaseEmailStatus(
  uid: string,
  email: string,
): Promise<FirebaseEmailStatus> {
  const auth = adminAuth();
  let record: UserRecord;
  try {
    record = await auth.getUser(uid);
  } catch (error) {
    const code = codeOf(error);
    if (code === "auth/user-not-found" || code === "auth/invalid-uid") return "no-account";
    const message = error instanceof Error ? error.message : String(error);
    throw new AuthUnavailableError(
      `Could not look up the account ${uid} in Firebase (${code || "no code"}): ${message}`,
    );
  }
  if ((record.email ?? "").trim().toLowerCase() !== email.trim().toLowerCase())
    return "other-email";
  if (record.disabled) return "disabled";
  return record.emailVerified === true ? "verified" : "unverified";
}

const INVALID_CODES = new Set([
  "auth/argument-error",
  "auth/invalid-argument",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/invalid-id-token",
  "auth/user-disabled",
  "auth/user-not-found",
]);

function codeOf(error: unknown): string {
  const code =
    (error as { code?: unknown; errorInfo?: { code?: unknown } })?.code ??
    (error as { errorInfo?: { code?: unknown } })?.errorInfo?.code;
  return typeof code === "string" ? code : "";
}

function toIdentity(decoded: DecodedIdToken): Identity {
  return {
    uid: decoded.uid,
    email: typeof decoded.email === "string" ? decoded.email.toLowerCase() : "",
    emailVerified: decoded.email_verified === true,
    name: typeof decoded.name === "string" ? decoded.name : "",
    expiresAt: decoded.exp * 1000,
  };
}

/** A JWT has three base64url parts; anything else is refused before Firebase is asked. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * Verifies a Firebase ID token (signature, audience, issuer, expiry, revocation) and answers who
 * it belongs to. Throws InvalidTokenError for a bad token, AuthUnavailableError when Firebase
 * cannot be asked.
 */
export async function verifyIdToken(token: string): Promise<Identity> {
  if (!token || token.length > 4096 || !JWT_SHAPE.test(token))
    throw new InvalidTokenError("The sign-in token is malformed.", "malformed");
  const auth = adminAuth();
  const now = Date.now();
  const hit = cache.get(token);
  if (hit) {
    if (hit.identity.expiresAt > now && hit.at + VERIFY_CACHE_MS > now) return hit.identity;
    cache.delete(token);
  }
  let decoded: DecodedIdToken;
  try {
    decoded = await auth.verifyIdToken(token, true);
  } catch (error) {
    const code = codeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    // firebase-admin reports a failed download of Google's keys as an "argument" error too:
    // that is an outage, not a bad token, and must not end anybody's session.
    const outage =
      /fetching public keys|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|network/i.test(
        message,
      );
    if (INVALID_CODES.has(code) && !outage)
      throw new InvalidTokenError(
        code === "auth/id-token-expired"
          ? "Your session has expired. Please log in again."
          : "Your sign-in is not valid. Please log in again.",
        code,
      );
    log.error(`[auth] could not verify a token (${code || "no code"}): ${message}`);
    throw new AuthUnavailableError(
      "We could not check your sign-in right now. Please try again in a moment.",
    );
  }
  const identity = toIdentity(decoded);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(token, { identity, at: now });
  return identity;
}

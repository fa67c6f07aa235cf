/**
 * Real sign-in for integration tests: a private Firebase Auth Emulator (its own port, nothing
 * sent off the machine), the environment pointing the server at it in demo mode, and helpers to
 * make accounts and tokens.
 *
 *   const auth = await startTestAuth(9299);   // in beforeAll
 *   const asha = await auth.createUser("asha@example.com");  // { uid, email, token }
 *   await auth.stop();                         // in afterAll
 */
import { inject } from "vitest";
import { startAuthEmulator, type RunningEmulator } from "~/server/cli/emulator";
import { clearVerifyCache, setFirebaseAppForTests } from "~/server/auth/firebase-admin.server";
import { DEMO_PROJECT_ID } from "~/server/auth/demo";
import { resetEnvForTests } from "~/server/env";

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  token: string;
}

export interface TestAuth {
  host: string;
  createUser(
    email?: string,
    options?: { password?: string; displayName?: string },
  ): Promise<TestAccount>;
  signIn(email: string, password: string): Promise<string>;
  /** Marks the account's email as verified and answers a fresh token that says so. */
  verifyEmail(account: TestAccount): Promise<string>;
  /** Signs the account out everywhere (its existing tokens become revoked). */
  revoke(uid: string): Promise<void>;
  disable(uid: string): Promise<void>;
  stop(): Promise<void>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An unsigned (alg "none") token like the emulator's own, with any claims: for forged and expired cases. */
export function unsignedToken(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: "none", typ: "JWT" },
): string {
  return `${base64url(header)}.${base64url(claims)}.`;
}

/** Standard ID-token claims for `uid` in `projectId`, overridable. */
export function idTokenClaims(
  uid: string,
  projectId = DEMO_PROJECT_ID,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: uid,
    sub: uid,
    iat: now - 10,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: "password" },
    ...overrides,
  };
}

let counter = 0;

/** True for undici's "fetch failed" whose cause is a socket the other side closed. */
function isClosedSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return (
    error instanceof TypeError && (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET")
  );
}

let sharedInUse = false;

/**
 * This worker's shared emulator (tests/global-setup.ts), emptied of every account so the file
 * starts as on a new one; undefined when the run has none or this file already holds it.
 */
async function sharedEmulator(): Promise<Pick<RunningEmulator, "host" | "stop"> | undefined> {
  const host = inject("authEmulators")?.[Number(process.env.VITEST_POOL_ID) - 1];
  if (!host || sharedInUse) return undefined;
  sharedInUse = true;
  const empty = async () => {
    const res = await fetch(`http://${host}/emulator/v1/projects/${DEMO_PROJECT_ID}/accounts`, {
      method: "DELETE",
    });
    if (!res.ok) throw new Error(`emptying the Auth Emulator on ${host}: ${res.status}`);
  };
  await empty();
  return {
    host,
    stop: async () => {
      await empty();
      sharedInUse = false;
    },
  };
}

export async function startTestAuth(basePort: number): Promise<TestAuth> {
  // TEST_PORT_OFFSET shifts every suite's emulator port, so two checkouts can run their tests at once.
  const port = basePort + Number(process.env.TEST_PORT_OFFSET ?? 0);
  const emulator = (await sharedEmulator()) ?? (await startAuthEmulator({ port, quiet: true }));
  const host = emulator.host;
  const saved = {
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    DEMO_MODE: process.env.DEMO_MODE,
    HOST: process.env.HOST,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
  };
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  process.env.DEMO_MODE = "true";
  process.env.HOST = "127.0.0.1";
  process.env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
  resetEnvForTests();
  await setFirebaseAppForTests(undefined);

  const api = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const adminApi = `http://${host}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}`;
  const post = async (url: string, body: unknown, admin = false) => {
    const send = () =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(admin ? { authorization: "Bearer owner" } : {}),
        },
        body: JSON.stringify(body),
      });
    // The emulator closes idle keep-alive sockets; a request that lands on one just as it closes
    // fails with "other side closed" before the emulator has read it. Send it once more then.
    const res = await send().catch((error: unknown) => {
      if (isClosedSocket(error)) return send();
      throw error;
    });
    const data = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
  const signIn = async (email: string, password: string) =>
    (
      await post(`${api}/accounts:signInWithPassword?key=test`, {
        email,
        password,
        returnSecureToken: true,
      })
    ).idToken as string;

  return {
    host,
    async createUser(email, options = {}) {
      const address = email ?? `user${Date.now()}${++counter}@example.com`;
      const password = options.password ?? "test-password-1";
      const data = await post(`${api}/accounts:signUp?key=test`, {
        email: address,
        password,
        returnSecureToken: true,
        ...(options.displayName ? { displayName: options.displayName } : {}),
      });
      let token = data.idToken as string;
      if (options.displayName) token = await signIn(address, password);
      return { uid: data.localId as string, email: address, password, token };
    },
    signIn,
    async verifyEmail(account) {
      await post(
        `${adminApi}/accounts:update`,
        { localId: account.uid, emailVerified: true },
        true,
      );
      return signIn(account.email, account.password);
    },
    async revoke(uid) {
      // validSince in the future of the token's auth_time: the admin SDK then reports it revoked.
      await post(
        `${adminApi}/accounts:update`,
        { localId: uid, validSince: String(Math.floor(Date.now() / 1000) + 1) },
        true,
      );
      clearVerifyCache();
    },
    async disable(uid) {
      await post(`${adminApi}/accounts:update`, { localId: uid, disableUser: true }, true);
      clearVerifyCache();
    },
    async stop() {
      await setFirebaseAppForTests(undefined);
      await emulator.stop();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnvForTests();
    },
  };
}

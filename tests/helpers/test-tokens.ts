/**
 * Sign-in without the emulator for suites that are about something else and send many requests
 * (hostile input, checkout): only firebase-admin's verifyIdToken is replaced, so every route still
 * goes through the real auth module. "test:<uid>" names the caller, anything else is refused with
 * 401; the real auth code reads the role from the users rows. Used from a vi.mock factory:
 *
 *   vi.mock("../src/server/auth/firebase-admin.server", async (original) =>
 *     (await import("./helpers/test-tokens")).withTestTokens(await original()));
 */
type FirebaseAdmin = typeof import("~/server/auth/firebase-admin.server");

export function withTestTokens(original: FirebaseAdmin): FirebaseAdmin {
  return {
    ...original,
    verifyIdToken: async (token: string) => {
      const uid = /^test:([A-Za-z0-9_-]{1,64})$/.exec(token)?.[1];
      if (!uid)
        throw new original.InvalidTokenError(
          "Your sign-in is not valid. Please log in again.",
          "test",
        );
      return {
        uid,
        email: `${uid}@example.com`,
        emailVerified: true,
        name: "Hostile Tester",
        expiresAt: Date.now() + 3_600_000,
      };
    },
  };
}

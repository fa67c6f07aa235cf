/**
 * A stand-in for src/server/auth/auth.server.ts, used only by the checkout suites
 * (tests/checkout-*.test.ts, whose two-process race runs the handlers in worker processes).
 * Every other integration test goes through the real auth module with emulator tokens
 * (tests/helpers/auth.ts); moving the checkout suites onto them too is the next step. Each test
 * file says which user a bearer token names; the checks and messages are the real module's.
 *
 *   vi.mock("../src/server/auth/auth.server", async () =>
 *     (await import("./helpers/fake-auth")).fakeAuthModule((token) => (token === "admin-token" ? ADMIN : null)),
 *   );
 *
 * (vi.mock factories are hoisted above the imports: import this module inside the factory and
 * keep the token mapping inline.)
 */
import type { AuthUser } from "../../src/server/auth/auth.server";
import { HttpError } from "../../src/server/http";

type Context = { request: Request };

/**
 * getAuthUser / requireUser / requireAdmin over `resolve`: null without an Authorization header,
 * 401 for a header that is not "Bearer <token>" or a token `resolve` does not know (null).
 */
export function fakeAuthModule(resolve: (token: string) => AuthUser | null) {
  const getAuthUser = async (context: Context): Promise<AuthUser | null> => {
    const header = context.request.headers.get("authorization");
    if (header === null) return null;
    const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
    if (!match) throw new HttpError(401, "Send the sign-in token as 'Authorization: Bearer <token>'.");
    const user = resolve(match[1]!);
    if (!user) throw new HttpError(401, "Your session has expired. Please log in again.");
    return user;
  };
  const requireUser = async (context: Context): Promise<AuthUser> => {
    const user = await getAuthUser(context);
    if (!user) throw new HttpError(401, "Please log in to continue.");
    return user;
  };
  const requireAdmin = async (context: Context): Promise<AuthUser> => {
    const user = await requireUser(context);
    if (user.role !== "tm_admin") throw new HttpError(403, "Only the shop's administrators can do this.");
    return user;
  };
  return { getAuthUser, peekAuthUser: getAuthUser, requireUser, requireAdmin };
}

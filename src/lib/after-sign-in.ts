/**
 * Work that must be done after a sign-in before the page is left (docs/product.md §4 Checkout flow):
 * the cart registers its merge of the guest cart here, and the sign-in flows wait for it, so the
 * next page (e.g. /checkout, rendered from the server cart) already holds the merged lines.
 * Lives in lib/ because the account feature runs it and the cart feature fills it (decision 0062:
 * the two features do not import each other both ways).
 *
 * A feature can also ride on the shop's sign-in call itself (POST /v2/auth/register or /login):
 * `askAtSignIn` adds fields to that call's body, and the answer's fields of the same names reach
 * the tasks, so the cart is merged and answered in the same round trip
 * (docs/decisions/0290-sign-up-in-one-round-trip.md).
 */

/** The fields of the shop's sign-in answer that the asks below named (e.g. `cart`). */
export type SignInAnswer = Readonly<Record<string, unknown>>;

type Task = (token: string, answer: SignInAnswer) => Promise<unknown>;

/** What a feature sends with the shop's sign-in call. */
export interface SignInAsk {
  /** Fields added to the call's body; called once, just before the call is sent. */
  body(): Record<string, unknown>;
  /** The call failed: undo what body() did (e.g. put the guest cart back). */
  failed(): void;
}

const tasks = new Set<Task>();
const asks = new Set<SignInAsk>();

/** The longest a sign-in waits for these tasks before it goes on anyway. */
export const AFTER_SIGN_IN_WAIT_MS = 5000;

/** Registers a task run after every sign-in of this page; returns its removal. */
export function afterSignIn(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Registers fields sent with every sign-in call of this page; returns its removal. */
export function askAtSignIn(ask: SignInAsk): () => void {
  asks.add(ask);
  return () => asks.delete(ask);
}

/**
 * The body fields of this sign-in call, and how to split its answer: `answer` takes those
 * fields' answers out of the rest (the user). `failed()` when the call did not succeed.
 */
export function signInRequest<T extends object>() {
  const taken = [...asks];
  const body: Record<string, unknown> = {};
  for (const ask of taken) Object.assign(body, ask.body());
  const keys = Object.keys(body);
  return {
    body,
    failed(): void {
      for (const ask of taken) ask.failed();
    },
    split(answer: T): { rest: T; extras: SignInAnswer } {
      const rest = { ...answer } as Record<string, unknown>;
      const extras: Record<string, unknown> = {};
      for (const key of keys) {
        if (key in rest) extras[key] = rest[key];
        delete rest[key];
      }
      return { rest: rest as T, extras };
    },
  };
}

/** Runs the registered tasks with the new token and waits for them (at most `waitMs`). Never throws. */
export async function settleAfterSignIn(
  token: string,
  answer: SignInAnswer = {},
  waitMs = AFTER_SIGN_IN_WAIT_MS,
): Promise<void> {
  if (tasks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const runs = Promise.allSettled(
    [...tasks].map((task) => Promise.resolve().then(() => task(token, answer))),
  );
  await Promise.race([runs, cap]);
  clearTimeout(timer);
}

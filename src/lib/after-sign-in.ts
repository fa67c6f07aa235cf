/**
 * Work that must be done after a sign-in before the page is left (docs/product.md §4 Checkout flow):
 * the cart registers its merge of the guest cart here, and the sign-in flows wait for it, so the
 * next page (e.g. /checkout, rendered from the server cart) already holds the merged lines.
 * Lives in lib/ because the account feature runs it and the cart feature fills it (decision 0062:
 * the two features do not import each other both ways).
 */
type Task = (token: string) => Promise<unknown>;

const tasks = new Set<Task>();

/** The longest a sign-in waits for these tasks before it goes on anyway. */
export const AFTER_SIGN_IN_WAIT_MS = 5000;

/** Registers a task run after every sign-in of this page; returns its removal. */
export function afterSignIn(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs the registered tasks with the new token and waits for them (at most `waitMs`). Never throws. */
export async function settleAfterSignIn(
  token: string,
  waitMs = AFTER_SIGN_IN_WAIT_MS,
): Promise<void> {
  if (tasks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const runs = Promise.allSettled(
    [...tasks].map((task) => Promise.resolve().then(() => task(token))),
  );
  await Promise.race([runs, cap]);
  clearTimeout(timer);
}

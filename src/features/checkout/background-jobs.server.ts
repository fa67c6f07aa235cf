/**
 * Background jobs of an app server: the pending-order and refund re-checks, the forgotten-cart
 * reminders (docs/decisions/0097) and the mail sender, every 30 s.
 * They live with checkout (whose re-check they run), so src/server/ never imports a feature.
 * Started once per process by `startBackgroundJobs()` (by the first request through the middleware,
 * and by the payment routes; see
 * docs/decisions/0014). Off under Vitest and when BACKGROUND_JOBS=false. Safe with several app
 * servers: both jobs claim their rows with SKIP LOCKED.
 */
import { getDb } from "../../server/db/client";
import { deliverDueMail } from "../../server/mail.server";
import { paymentProvider } from "../../server/payments/index.server";
import { recheckDueRefunds } from "../refunds/refunds.server";
import { sendDueCartReminders } from "../reminders/cart-reminders.server";
import { recheckDueOrders } from "./recheck.server";

export const JOB_INTERVAL_MS = 30_000;
let timer: ReturnType<typeof setInterval> | undefined;
let running = false;

export async function runBackgroundJobsOnce(): Promise<void> {
  if (running) return;
  running = true;
  try {
    const db = await getDb();
    await recheckDueOrders(db, paymentProvider()).catch((e: unknown) =>
      console.error("[jobs] order re-check failed", e),
    );
    await recheckDueRefunds(db, paymentProvider()).catch((e: unknown) =>
      console.error("[jobs] refund re-check failed", e),
    );
    await sendDueCartReminders(db).catch((e: unknown) =>
      console.error("[jobs] cart reminders failed", e),
    );
    await deliverDueMail(db).catch((e: unknown) => console.error("[jobs] mail sender failed", e));
  } finally {
    running = false;
  }
}

export function startBackgroundJobs(): void {
  if (timer || process.env.VITEST || process.env.BACKGROUND_JOBS === "false") return;
  timer = setInterval(() => void runBackgroundJobsOnce(), JOB_INTERVAL_MS);
  timer.unref();
  setTimeout(() => void runBackgroundJobsOnce(), 1_000).unref();
}

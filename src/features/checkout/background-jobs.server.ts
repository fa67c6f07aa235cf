/**
 * Background jobs of an app server: the pending-order and refund re-checks, the forgotten-cart
 * reminders (docs/decisions/0097) and the mail sender, every 30 s.
 * They live with checkout (whose re-check they run), so src/server/ never imports a feature.
 * Started once per process by `startBackgroundJobs()` (by the first request through the middleware,
 * and by the payment routes; see
 * docs/decisions/0014). Off under Vitest and when BACKGROUND_JOBS=false. Safe with several app
 * servers: both jobs claim their rows with SKIP LOCKED.
 */
import { sendDueBalanceReminders } from "~/features/custom/balance-reminders.server";
import { getDb } from "~/server/db/client";
import { deliverDueMail } from "~/server/mail.server";
import { paymentProvider } from "~/server/payments/index.server";
import { recheckDueRefunds } from "~/features/refunds/refund-jobs.server";
import { sendDueCartReminders } from "~/features/reminders/cart-reminders.server";
import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { recheckShipmentsIfDue } from "~/features/shipping/tracking.server";
import { sendDueReviewRequests } from "~/features/reviews/review-requests.server";
import { finishHeldErasures } from "~/features/privacy/erase-held.server";
import { deliverDueWhatsapp } from "~/features/whatsapp/sender.server";
import { recheckDueOrders } from "./recheck.server";
import { log } from "~/server/log/logger";
import { onStop } from "~/server/serve/stop-hooks";

export const JOB_INTERVAL_MS = 30_000;
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | undefined;
let stopped = false;

export function runBackgroundJobsOnce(): Promise<void> {
  if (stopped) return Promise.resolve();
  running ??= runJobs().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * A clean stop (docs/decisions/0113-clean-stops-under-load.md): no new round starts, and the round
 * under way finishes (each job's rows are claimed and written in its own transactions, so a round
 * cut short would only be redone later, but a stop never cuts one).
 */
export async function stopBackgroundJobs(): Promise<void> {
  stopped = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}

async function runJobs(): Promise<void> {
  const db = await getDb();
  await recheckDueOrders(db, paymentProvider()).catch((e: unknown) =>
    log.error("[jobs] order re-check failed", e),
  );
  await recheckDueRefunds(db, paymentProvider()).catch((e: unknown) =>
    log.error("[jobs] refund re-check failed", e),
  );
  await sendDueCartReminders(db).catch((e: unknown) =>
    log.error("[jobs] cart reminders failed", e),
  );
  await recheckShipmentsIfDue(db, dispatchHolds).catch((e: unknown) =>
    log.error("[jobs] parcel re-check failed", e),
  );
  await sendDueReviewRequests(db).catch((e: unknown) =>
    log.error("[jobs] review requests failed", e),
  );
  await sendDueBalanceReminders(db).catch((e: unknown) =>
    log.error("[jobs] balance reminders failed", e),
  );
  await finishHeldErasures(db).catch((e: unknown) =>
    log.error("[jobs] finishing held erasures failed", e),
  );
  // WhatsApp first: a failed message's fallback mail then leaves in this same round.
  await deliverDueWhatsapp(db).catch((e: unknown) => log.error("[jobs] WhatsApp sender failed", e));
  await deliverDueMail(db).catch((e: unknown) => log.error("[jobs] mail sender failed", e));
}

export function startBackgroundJobs(): void {
  if (timer || stopped || process.env.VITEST || process.env.BACKGROUND_JOBS === "false") return;
  onStop("background jobs", 10, stopBackgroundJobs);
  timer = setInterval(() => void runBackgroundJobsOnce(), JOB_INTERVAL_MS);
  timer.unref();
  setTimeout(() => void runBackgroundJobsOnce(), 1_000).unref();
}

/**
 * The shopper's data rights calls (docs/decisions/0101-data-rights.md). Each verifies the bearer
 * token first (401); the uid always comes from the token. Every call is recorded as a data request.
 */
import { withdrawConsent } from "~/features/whatsapp/consent.server";
import type { APIContext } from "astro";
import { setReminderConsent } from "~/features/reminders/reminder-consent.server";
import { requireUser } from "~/server/auth/auth.server";
import { deleteFirebaseAccount } from "~/server/auth/firebase-admin.server";
import { getDb } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { HttpError, json, readJson } from "~/server/http";
import { sendMail } from "~/server/mail.server";
import { readSection } from "~/features/settings/settings-store.server";
import { eraseAccountData } from "./erase.server";
import { exportMyData } from "./export.server";
import { recordDataRequest } from "./data-requests.server";
import { deleteAccountSchema, grievanceSchema, heldOrdersText, PRIVACY_TEXTS } from "./privacy";
import { privacySection } from "./privacy-settings.server";

/** GET /v2/users/my-data -> the caller's data as a JSON download. */
export async function getMyData(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const db = await getDb();
  const data = await exportMyData(db, user.uid, user.emailVerified ? user.email : null);
  await recordDataRequest(db, { userId: user.uid, kind: "export", done: true });
  return json(data, {
    headers: { "content-disposition": 'attachment; filename="my-data.json"' },
  });
}

/**
 * POST /v2/users/consent-withdrawal -> { message }. The shop then sends the person nothing it needs
 * consent for (reminders, offers, WhatsApp updates); what their orders need goes on (a legitimate use, DPDP s.7).
 */
export async function postConsentWithdrawal(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  await (await getDb()).transaction(async (tx) => {
    await setReminderConsent(tx, user.uid, false, "withdrawal");
    await withdrawConsent(tx, { email: user.email, userId: user.uid }, "withdrawal");
    await recordDataRequest(tx, { userId: user.uid, kind: "consent-withdrawal", done: true });
  });
  return json({ message: PRIVACY_TEXTS.consentWithdrawn });
}

/** POST /v2/users/grievance { message } -> 201 { message }: recorded, and mailed to the officer. */
export async function postGrievance(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const body = await readJson(context.request, grievanceSchema);
  const db = await getDb();
  const officer = (await readSection(db, privacySection)).value;
  await db.transaction(async (tx) => {
    const id = await recordDataRequest(tx, {
      userId: user.uid,
      kind: "grievance",
      details: body.message,
      done: false,
    });
    await sendMail(tx, {
      to: officer.email,
      subject: `Grievance ${id} (answer within 90 days)`,
      text: `A shopper (account ${user.uid}) raised a grievance:\n\n${body.message}\n\nAnswer within 90 days.`,
      ...(user.email ? { replyTo: user.email } : {}),
    });
  });
  return json({ message: PRIVACY_TEXTS.grievanceSent }, { status: 201 });
}

/**
 * POST /v2/users/delete-account { reviews: keep|remove, confirm: "DELETE" } -> { message }.
 * The shop's records are erased first (one transaction), then the Firebase account is removed; an
 * order still being made or on its way keeps its delivery details until delivery plus the claim
 * window, and the answer says so (decision 0170). If
 * Firebase cannot be reached the answer says so and the call can simply be repeated.
 */
export async function postDeleteAccount(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const body = await readJson(context.request, deleteAccountSchema);
  const { held, windowHours } = await eraseAccountData(
    await getDb(),
    user.uid,
    body.reviews,
    user.emailVerified ? user.email : null,
  );
  try {
    await deleteFirebaseAccount(user.uid);
  } catch (error) {
    log.error("[privacy] removing the Firebase account failed", error);
    throw new HttpError(
      502,
      "Your details were erased, but your sign-in could not be removed just now. Please try again in a few minutes.",
    );
  }
  return json({
    message: held
      ? `${PRIVACY_TEXTS.deleted} ${heldOrdersText(held, windowHours)}`
      : PRIVACY_TEXTS.deleted,
  });
}

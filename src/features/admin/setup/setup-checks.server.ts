/**
 * The setup guide's outside checks (docs/decisions/0203-setup-guide.md), each a real call:
 * - Cashfree: GET /pg/orders/{a probe id} with the keys (Cashfree PG API 2025-01-01, cashfree/cashfree-pg
 *   OpenAPI: 401 authentication_error for wrong keys; 404 for an order that does not exist means the
 *   keys were accepted).
 * - SMTP: one test mail to the owner through nodemailer; a success is remembered for the process
 *   (per SMTP_URL) so the first screen does not mail the owner on every visit.
 * - Backups: the newest archive in BACKUP_DIR (src/server/backup/archive-name.ts).
 */
import { readdir } from "node:fs/promises";
import nodemailer from "nodemailer";
import { archiveTime } from "~/server/backup/archive-name";

export type CheckResult = { ok: true; detail: string } | { ok: false; detail: string };

export async function checkCashfreeKeys(cashfree: {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}): Promise<CheckResult> {
  let response: Response;
  try {
    response = await fetch(`${cashfree.baseUrl}/orders/setup-check-${Date.now()}`, {
      headers: {
        "x-client-id": cashfree.clientId,
        "x-client-secret": cashfree.clientSecret,
        "x-api-version": "2025-01-01",
        accept: "application/json",
      },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return { ok: false, detail: `Cashfree could not be reached: ${String(error)}` };
  }
  await response.body?.cancel();
  if (response.status === 404 || response.ok)
    return { ok: true, detail: "Cashfree accepted the keys." };
  if (response.status === 401 || response.status === 403)
    return {
      ok: false,
      detail: "Cashfree refused the keys: check CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET.",
    };
  return { ok: false, detail: `Cashfree answered ${response.status}; try again later.` };
}

const smtpOk = new Set<string>();

/** Sends one test mail to `to` through `url` (once per process while it works). */
export async function checkSmtp(url: string, to: string, from: string): Promise<CheckResult> {
  if (smtpOk.has(url)) return { ok: true, detail: `A test mail went to ${to}.` };
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.sendMail({
      from,
      to,
      subject: "Test mail from your shop's setup guide",
      text: "Mail from your shop reaches this address. Nothing to do.",
    });
    smtpOk.add(url);
    return { ok: true, detail: `A test mail went to ${to}.` };
  } catch (error) {
    return {
      ok: false,
      detail: `The test mail was not sent: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    transport.close();
  }
}

/** Tests start each case afresh. */
export function resetSetupChecksForTests(): void {
  smtpOk.clear();
}

/** The newest archive's time in `dir`, or a sentence why there is none. */
export async function newestBackup(dir: string): Promise<{ at: Date } | { problem: string }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { problem: `The backup folder ${dir} cannot be read.` };
  }
  const times = names.map(archiveTime).filter((t): t is Date => t !== null);
  if (times.length === 0) return { problem: "No backup has been made yet." };
  return { at: new Date(Math.max(...times.map((t) => t.getTime()))) };
}

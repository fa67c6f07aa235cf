/**
 * GET /v2/admin/setup's one read (docs/decisions/0203-setup-guide.md): each step's status from a
 * real check of what the shop holds (the saved settings sections, the payment and mail
 * configuration, the backup folder), with the screen that fixes it.
 */
import { DAY_MS } from "~/lib/dates";
import { env } from "~/server/env";
import type { DbOrTx } from "~/server/db/client";
import { ownerAddress } from "~/server/mail.server";
import { paymentConfig } from "~/server/payments/config.server";
import { readBusinessSettings } from "~/features/books/business-settings.server";
import { SHIPS_FROM } from "~/features/content/policies";
import { privacySection } from "~/features/privacy/privacy-settings.server";
import { readSection } from "~/features/settings/settings-store.server";
import { shippingSection } from "~/features/shipping/shipping-settings";
import { checkCashfreeKeys, checkSmtp, newestBackup } from "./setup-checks.server";
import type { SetupGuideJson, SetupStep } from "./setup-guide";

const SETTINGS = "/admin/settings";
const DEFAULT_PICKUP_PIN = "560001";

async function businessStep(db: DbOrTx): Promise<SetupStep> {
  const { value: b, version } = await readBusinessSettings(db);
  const addressed = Boolean(b.address.address1 && b.address.city && b.address.zipCode);
  const done = version > 0 && addressed;
  return {
    key: "business",
    title: "Business and tax details",
    status: done ? "done" : "todo",
    detail: done
      ? b.gstin
        ? `Registered (${b.registration}), GSTIN ${b.gstin}.`
        : "Not registered for GST: receipts, not tax invoices."
      : "Choose whether the shop is registered for GST (a GSTIN) or not, and give the business address: without them an order's receipt carries no supplier address.",
    href: SETTINGS,
  };
}

async function addressStep(db: DbOrTx): Promise<SetupStep> {
  const { value: s, version } = await readSection(db, shippingSection);
  const p = s.pickup;
  const filled = Boolean(p.line1 && p.city && p.pin);
  const done = version > 0 && filled;
  const pin =
    p.pin === DEFAULT_PICKUP_PIN && version === 0
      ? ` The pickup PIN is ${DEFAULT_PICKUP_PIN} (the default, a Bengaluru PIN) until you save yours.`
      : "";
  return {
    key: "addresses",
    title: "Receiving and pickup address",
    status: done ? "done" : "todo",
    detail: done
      ? `Couriers collect from ${p.city} ${p.pin}.`
      : `Give the address couriers collect from and customers send parcels to.${pin}`,
    href: SETTINGS,
  };
}

async function paymentsStep(): Promise<SetupStep> {
  const config = paymentConfig();
  const step = { key: "payments", title: "Payments", href: null, doc: "docs/cashfree.md" } as const;
  if (config.provider === "local")
    return {
      ...step,
      status: "done",
      detail: "Demo mode: the local test provider takes the payments; no money moves.",
    };
  if (env().DEMO_MODE)
    return {
      ...step,
      status: "todo",
      detail: "Cashfree is chosen; its keys are checked when the shop runs in production.",
    };
  const checked = await checkCashfreeKeys(config.cashfree);
  return {
    ...step,
    status: checked.ok ? "done" : "failed",
    detail: checked.ok ? `${checked.detail} (${config.mode})` : checked.detail,
  };
}

async function mailStep(): Promise<SetupStep> {
  const e = env();
  const step = {
    key: "mail",
    title: "Mail",
    href: "/admin/outbox",
    doc: "docs/deploy.md",
  } as const;
  if (!e.SMTP_URL)
    return {
      ...step,
      status: "todo",
      detail: e.DEMO_MODE
        ? "No SMTP_URL: mail is not being sent. In the demo, read it on /demo/mails."
        : "No SMTP_URL: mail is not being sent. Set SMTP_URL and MAIL_FROM (docs/deploy.md).",
    };
  const checked = await checkSmtp(e.SMTP_URL, ownerAddress(), e.MAIL_FROM);
  return { ...step, status: checked.ok ? "done" : "failed", detail: checked.detail };
}

async function shippingStep(db: DbOrTx): Promise<SetupStep> {
  const { value: s } = await readSection(db, shippingSection);
  const step = { key: "shipping", title: "Shipping", href: SETTINGS } as const;
  if (s.provider === "manual")
    return { ...step, status: "done", detail: "You book couriers by hand (manual shipping)." };
  const keys = Boolean(s.shiprocket.email && s.shiprocket.password);
  return {
    ...step,
    status: keys ? "done" : "todo",
    detail: keys
      ? "Shiprocket books the couriers."
      : "Shiprocket is chosen but its login is missing.",
  };
}

async function grievanceStep(db: DbOrTx): Promise<SetupStep> {
  const { value: p } = await readSection(db, privacySection);
  const placeholder = `${env().SHOP_NAME} grievance officer`;
  const named = p.officerName.trim() !== "" && p.officerName.trim() !== placeholder;
  return {
    key: "grievance",
    title: "Grievance officer",
    status: named ? "done" : "todo",
    detail: named
      ? `${p.officerName}, ${p.email}.`
      : `Name the person who answers privacy complaints (now "${p.officerName}").`,
    href: SETTINGS,
  };
}

async function policiesStep(db: DbOrTx): Promise<SetupStep> {
  const { value: s, version } = await readSection(db, shippingSection);
  const city = s.pickup.city.trim();
  const differs = version > 0 && city !== "" && city.toLowerCase() !== SHIPS_FROM.toLowerCase();
  return {
    key: "policies",
    title: "Policy texts",
    status: differs ? "todo" : "done",
    detail: differs
      ? `The shipping policy says orders ship from ${SHIPS_FROM}; your pickup address is in ${city}. Update the texts.`
      : `The policy texts say orders ship from ${SHIPS_FROM}, processing 5-20 days, all sales final.`,
    href: null,
    doc: "docs/product.md",
  };
}

async function backupsStep(now: Date): Promise<SetupStep> {
  const dir = env().BACKUP_DIR;
  const step = { key: "backups", title: "Backups", href: null, doc: "docs/deploy.md" } as const;
  if (!dir)
    return {
      ...step,
      status: "todo",
      detail: "Backups are off: set BACKUP_DIR for a daily archive.",
    };
  const newest = await newestBackup(dir);
  if ("problem" in newest) return { ...step, status: "failed", detail: newest.problem };
  const old = now.getTime() - newest.at.getTime() > 2 * DAY_MS;
  return {
    ...step,
    status: old ? "failed" : "done",
    detail: `The newest backup is from ${newest.at.toISOString().slice(0, 10)}.`,
  };
}

export async function loadSetupGuide(db: DbOrTx, now = new Date()): Promise<SetupGuideJson> {
  const steps = [
    await businessStep(db),
    await addressStep(db),
    await paymentsStep(),
    await mailStep(),
    await shippingStep(db),
    await grievanceStep(db),
    await policiesStep(db),
    await backupsStep(now),
  ];
  const mail = steps.find((s) => s.key === "mail");
  return {
    steps,
    done: steps.every((s) => s.status === "done"),
    mailOff: mail?.status !== "done",
  };
}

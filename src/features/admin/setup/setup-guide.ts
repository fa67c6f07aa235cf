/**
 * The setup guide's shapes (docs/decisions/0203-setup-guide.md): the steps a new shop goes through
 * before its first order, each with its status from a real check and where to fix it. Browser-safe:
 * shared by the portal's first screen and GET /v2/admin/setup.
 */

export type SetupStepKey =
  | "business"
  | "addresses"
  | "payments"
  | "mail"
  | "shipping"
  | "grievance"
  | "policies"
  | "backups";

/** done: checked and fine; todo: not set up yet; failed: set up, but the check failed. */
export type SetupStatus = "done" | "todo" | "failed";

export interface SetupStep {
  key: SetupStepKey;
  title: string;
  status: SetupStatus;
  /** What the check found, in a sentence the owner can act on. */
  detail: string;
  /** The portal screen that fixes it, if one does. */
  href: string | null;
  /** The guide in the shop's docs/ folder, when the fix is in the server's configuration. */
  doc?: string;
}

export interface SetupGuideJson {
  steps: SetupStep[];
  /** True when every step is done: the guide then leaves the first screen. */
  done: boolean;
  /** Mail is not leaving the shop (no SMTP, or the test failed): the Outbox and dashboard say so. */
  mailOff: boolean;
}

export const SETUP_TEXTS = {
  heading: "Set up your shop",
  mailOff:
    "Mail is not being sent: order confirmations and proofs wait in the Outbox until mail is set up.",
} as const;

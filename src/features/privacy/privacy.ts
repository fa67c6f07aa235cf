/**
 * The shopper's data rights (docs/decisions/0101-data-rights.md): shapes and texts the profile's
 * panel, the portal's list and the server share. Browser-safe.
 */
import { z } from "zod/mini";
import { requiredText } from "~/lib/fields";

export type DataRequestKind = "export" | "consent-withdrawal" | "deletion" | "grievance";

export const DATA_REQUEST_LABELS: Readonly<Record<DataRequestKind, string>> = {
  export: "Data download",
  "consent-withdrawal": "Consent withdrawn",
  deletion: "Account deletion",
  grievance: "Grievance",
};

export interface DataRequestJson {
  id: string;
  userId: string;
  kind: DataRequestKind;
  details: string;
  createdAt: string;
  completedAt: string | null;
}

export const DATA_REQUESTS_PAGE_SIZE = 50;

export const PRIVACY_TEXTS = {
  deleteConfirmWord: "DELETE",
  deleted: "Your account has been deleted.",
  consentWithdrawn:
    "Your consent is withdrawn: the shop sends you no reminders or offers. Orders you placed are still delivered.",
  grievanceSent: "Your grievance was sent. The grievance officer answers within 90 days.",
} as const;

/**
 * Added to PRIVACY_TEXTS.deleted when orders still being made or on their way keep their details.
 * `windowHours`: the damage-claim window setting (content/claim-window.server.ts; decision 0269),
 * the time an erased person's order keeps its details after delivery.
 */
export function heldOrdersText(held: number, windowHours: number): string {
  const which = held === 1 ? "Your order that is" : `Your ${held} orders that are`;
  return `${which} still being made or on the way keep${held === 1 ? "s" : ""} your name, phone and address so we can deliver and invoice ${held === 1 ? "it" : "them"}; we erase those too ${windowHours} hours after delivery.`;
}

export const deleteAccountSchema = z.object({
  reviews: z.enum(["keep", "remove"], { error: "Choose whether your reviews stay or go" }),
  confirm: z
    .string({ error: `Type ${PRIVACY_TEXTS.deleteConfirmWord} to confirm` })
    .check(
      z.refine(
        (v) => v.trim().toUpperCase() === PRIVACY_TEXTS.deleteConfirmWord,
        `Type ${PRIVACY_TEXTS.deleteConfirmWord} to confirm`,
      ),
    ),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const grievanceSchema = z.object({
  message: requiredText("Your grievance", 4000),
});
export type GrievanceInput = z.infer<typeof grievanceSchema>;

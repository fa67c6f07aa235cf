import { DAY_MS } from "~/lib/dates";
import type { PersonalisedValue } from "~/lib/personalisation-types";
/**
 * Proofs before production (docs/decisions/0121-proofs.md), without I/O: which orders need one,
 * where a proof exchange stands, which studio stages wait for approval, and the promise after a
 * late approval. Safe in the browser (the answer types are declared here once).
 */
export type ProofStatus = "awaiting" | "approved" | "changes";

export interface ProofRoundJson {
  round: number;
  images: string[];
  message: string;
  status: ProofStatus;
  reply: string;
  /** ISO */
  sentAt: string;
  /** ISO, null while awaiting the customer's answer. */
  repliedAt: string | null;
  /** The customer corrected the personalisation after this round was sent: a new round follows. */
  outdated: boolean;
}

/** A personalised line, listed beside the proof to check against the mock-up (decision 0267). */
export interface ProofLineJson {
  name: string;
  quantity: number;
  /** The line's personalisation now (a correction before approval shows here at once). */
  personalisation: PersonalisedValue[];
  /** The line's personalisation note ("" for none). */
  note: string;
}

/** GET /v2/admin/order/{id}/proofs and what the customer's pages show. */
export interface OrderProofsJson {
  orderId: string;
  /** The order has a personalised line that needs the customer's approval. */
  needed: boolean;
  /** none (no proof sent yet), awaiting, changes (asked for, or a correction), approved. */
  state: "none" | ProofStatus;
  /** The last round was closed by a correction of the personalisation (decision 0287). */
  outdated: boolean;
  rounds: ProofRoundJson[];
  /** ISO: when the customer approved (the personalisation is locked from then on). */
  approvedAt: string | null;
  promisedDispatchAt: string | null;
  /** The order's personalised lines (fields or a note), in order. */
  lines: ProofLineJson[];
}

/** A line is personalised when it carries a note or filled personalisation fields (decision 0267). */
export function isPersonalisedLine(line: {
  productNote: string;
  personalisation?: readonly unknown[];
}): boolean {
  return line.productNote.trim() !== "" || (line.personalisation?.length ?? 0) > 0;
}

/**
 * A proof is needed for a quote's piece, and for a personalised line (a note or filled fields)
 * whose product does not skip proofs.
 */
export function proofNeeded(
  kind: string,
  lines: readonly {
    productId: string | null;
    productNote: string;
    personalisation?: readonly unknown[];
  }[],
  skipped: ReadonlySet<string>,
): boolean {
  if (kind === "shipping") return false;
  if (kind === "custom") return true;
  return lines.some(
    (line) => isPersonalisedLine(line) && (line.productId === null || !skipped.has(line.productId)),
  );
}

/** Where the exchange stands: the last round's status, or none. */
export function proofState(rounds: readonly { status: ProofStatus }[]): OrderProofsJson["state"] {
  return rounds.at(-1)?.status ?? "none";
}

/**
 * Stages that are not production and may be marked before approval: the customer's own garland
 * arriving is not work on the piece.
 */
const BEFORE_APPROVAL = new Set(["garland-received"]);

export function stageWaitsForApproval(stage: string): boolean {
  return !BEFORE_APPROVAL.has(stage);
}

/** Days of an order's processing window set aside for agreeing the design (the custom list's "Design agreed"). */
export const PROOF_DAYS = 3;

/**
 * The promise after approval: when the customer approves later than PROOF_DAYS after payment, the
 * rest of the window (dispatchDays - PROOF_DAYS) counts from the approval; the promise never moves
 * earlier. null when it does not move.
 */
export function promiseAfterApproval(
  paidAt: Date,
  dispatchDays: number,
  approvedAt: Date,
  promised: Date | null,
): Date | null {
  if (approvedAt.getTime() <= paidAt.getTime() + PROOF_DAYS * DAY_MS) return null;
  const moved = new Date(approvedAt.getTime() + Math.max(dispatchDays - PROOF_DAYS, 1) * DAY_MS);
  if (promised && moved.getTime() <= promised.getTime()) return null;
  return moved;
}

export const PROOF_TEXTS = {
  title: "Proof",
  awaiting: "Here is the proof of your piece. Approve it, or tell us what to change.",
  changes: "You asked for changes; we will send a new proof.",
  corrected: "You corrected the personalisation after our proof, so we will send you a new proof.",
  outdatedReply: (piece: string) =>
    `Corrected the personalisation of ${piece}: this proof is outdated, please send a new one.`,
  approved: (date: string) => `You approved the proof on ${date}. The personalisation is locked.`,
  promiseMoved: (date: string) =>
    `Your dispatch date counts from your approval: we now promise dispatch by ${date}.`,
  none: "We will send you a proof of your piece to approve before we make it.",
  approve: "Approve the proof",
  askChanges: "Ask for changes",
  replyLabel: "What should we change?",
  approvedToast: "Proof approved",
  changesToast: "Your changes were sent",
  notNeeded: "This order has no personalised piece to proof.",
  locked: "The proof is approved: the personalisation is locked.",
  waiting: (round: number) =>
    `Round ${round} still waits for the customer's answer; send a new proof once they ask for changes.`,
  notPaid: "Proofs are sent for paid orders that are not yet shipped, delivered or cancelled.",
  nothingToAnswer: "There is no proof waiting for your answer.",
  replyNeeded: "Say what to change, in a sentence or two.",
  stageRefused:
    "The customer has not approved the proof yet: production stages wait for the approval.",
} as const;

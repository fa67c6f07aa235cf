/**
 * One damage claim on the Claims screen (docs/decisions/0247-damage-claims.md): who, which order and
 * lines, delivered when, reported when (goodwill marked), the photos and the video, and while open
 * the three decisions: replace, refund (the amount optional: the claimed lines' value by default),
 * or decline with a reason. The buttons stay disabled while a decision is being saved.
 */
import { useState } from "react";
import { indiaDateTime } from "~/lib/dates";
import { formatInr, rupeesToPaise } from "~/lib/money";
import type { ClaimJson } from "~/features/claims/claims";
import type { Decision } from "./claims-client";

interface Props {
  claim: ClaimJson;
  saving: boolean;
  /** Absent for a role that may not decide (the studio, the accountant): no buttons. */
  onDecide?: (decision: Decision) => void;
}

const button =
  "rounded-full border border-cream-300 px-4 py-1.5 text-sm font-semibold text-ink-800 hover:bg-cream-100 disabled:opacity-50";

export default function ClaimCard({ claim, saving, onDecide }: Props) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const paise = amount.trim() ? rupeesToPaise(amount) : undefined;
  const refund = () =>
    onDecide?.({ decision: "refund", amount: paise ?? undefined, reason: reason || undefined });
  return (
    <li className="rounded-3xl border border-cream-200 bg-white p-4" data-claim-row={claim.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <a
          href={`/admin/order/${encodeURIComponent(claim.orderId)}`}
          className="font-semibold text-ink-900 underline"
        >
          Order #{claim.orderNumber}
        </a>
        <span className="text-sm text-ink-700" data-claim-status={claim.status}>
          {claim.statusText}
          {claim.goodwill ? " · goodwill" : ""}
        </span>
      </div>
      <p className="text-sm text-ink-700">
        {claim.customerName} · {claim.customerEmail} · delivered {indiaDateTime(claim.deliveredAt)}{" "}
        · reported {indiaDateTime(claim.createdAt)}
      </p>
      <ul className="mt-1 list-disc pl-5 text-sm text-ink-800">
        {claim.lines.map((l) => (
          <li key={l.itemId}>
            {l.name} × {l.quantity}
          </li>
        ))}
      </ul>
      <p className="mt-1 whitespace-pre-line break-words text-sm text-ink-800">
        {claim.description}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {claim.media.map((m) =>
          m.kind === "video" ? (
            // biome-ignore lint/a11y/useMediaCaption: the shopper's own unboxing clip has no captions
            <video key={m.id} src={m.href} controls preload="metadata" className="h-40 rounded" />
          ) : (
            <a key={m.id} href={m.href} target="_blank" rel="noreferrer">
              <img
                src={m.href}
                alt="The damage, as the shopper saw it"
                className="h-24 w-24 rounded object-cover"
              />
            </a>
          ),
        )}
      </div>
      {claim.status === "open" && onDecide ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <button
            type="button"
            className={button}
            disabled={saving}
            onClick={() => onDecide({ decision: "replace", reason: reason || undefined })}
          >
            Replace at no cost
          </button>
          <label className="text-sm text-ink-700">
            Refund (₹, empty: the items' price)
            <input
              className="ml-2 w-24 rounded-xl border border-cream-300 px-2 py-1"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
          </label>
          <button
            type="button"
            className={button}
            disabled={saving || paise === null}
            onClick={refund}
          >
            Refund
          </button>
          <label className="text-sm text-ink-700">
            Reason
            <input
              className="ml-2 w-64 rounded-xl border border-cream-300 px-2 py-1"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </label>
          <button
            type="button"
            className={button}
            disabled={saving}
            onClick={() => onDecide({ decision: "decline", reason })}
          >
            Decline
          </button>
        </div>
      ) : (
        <p className="mt-2 text-sm text-ink-800">
          {claim.status === "refunded" &&
            claim.refund &&
            `Refunded ${formatInr(claim.refund.amount)}. `}
          {claim.status === "replaced" && claim.replacementOrderId && (
            <a
              className="underline"
              href={`/admin/order/${encodeURIComponent(claim.replacementOrderId)}`}
            >
              The replacement order
            </a>
          )}
          {claim.status === "open" && "Waiting for the owner's decision."}
          {claim.status === "declined" && `Declined: ${claim.declineReason}`}
          {claim.decidedAt && ` (${indiaDateTime(claim.decidedAt)})`}
        </p>
      )}
    </li>
  );
}

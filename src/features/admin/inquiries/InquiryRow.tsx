/**
 * One custom-order inquiry in the inbox: when it arrived, who sent it (with a mail link), what
 * they asked for, and its status select. `actions` is a slot for more buttons (the quote editor
 * of decision 0045 opens from here).
 */
import type { ReactNode } from "react";
import {
  INQUIRY_STATUS_LABELS,
  statusChoices,
  type AdminInquiry,
  type ManualInquiryStatus,
} from "./inquiries-admin";
import { dayDate, indiaDateTime } from "~/lib/dates";

export interface InquiryRowProps {
  inquiry: AdminInquiry;
  saving?: boolean;
  onStatus(inquiry: AdminInquiry, status: ManualInquiryStatus): void;
  actions?: ReactNode;
}

const Field = ({ label, value }: { label: string; value: string }) =>
  value.trim() ? (
    <div>
      <dt className="text-xs tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="text-sm text-ink-900">{value}</dd>
    </div>
  ) : null;

export default function InquiryRow({
  inquiry,
  saving = false,
  onStatus,
  actions,
}: InquiryRowProps) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-cream-200"
      data-inquiry={inquiry.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-ink-900">
            {inquiry.name} ·{" "}
            <a href={`mailto:${inquiry.email}`} className="break-all text-gold-700 underline">
              {inquiry.email}
            </a>
          </p>
          <p className="text-sm text-ink-500">
            <time dateTime={inquiry.createdAt}>{indiaDateTime(inquiry.createdAt)}</time> ·{" "}
            {inquiry.productType}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Status
          <select
            value={inquiry.status}
            disabled={saving}
            aria-busy={saving || undefined}
            onChange={(event) => {
              const next = event.target.value;
              if (next !== inquiry.status) onStatus(inquiry, next as ManualInquiryStatus);
            }}
            className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm disabled:opacity-60"
          >
            {statusChoices(inquiry.status).map((status) => (
              <option key={status} value={status}>
                {INQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <dl className="grid gap-2 sm:grid-cols-3">
        <Field label="Colours" value={inquiry.colors} />
        <Field label="Size" value={inquiry.size} />
        <Field label="Budget" value={inquiry.budget} />
        {inquiry.neededBy && <Field label="Needed by" value={dayDate(inquiry.neededBy)} />}
        {inquiry.phone && <Field label="Phone / WhatsApp" value={inquiry.phone} />}
      </dl>
      {inquiry.description.trim() && (
        <p className="text-sm break-words whitespace-pre-line text-ink-700">
          {inquiry.description}
        </p>
      )}
      {inquiry.photos.length > 0 && (
        <span className="flex flex-wrap gap-2" data-inquiry-photos>
          {inquiry.photos.map((src) => (
            <a key={src} href={src} target="_blank" rel="noreferrer">
              <img src={src} alt="Sent with the inquiry" className="size-20 rounded object-cover" />
            </a>
          ))}
        </span>
      )}
      {actions}
    </li>
  );
}

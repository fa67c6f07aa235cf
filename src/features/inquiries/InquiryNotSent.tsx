/**
 * Shown at the top of the inquiry form when sending failed (docs/decisions/0075-inquiry-never-lost.md):
 * why, and two ways to keep the lead: copy the message, or mail it to the shop.
 */
import { useState } from "react";
import type { Inquiry } from "./inquiry";
import { copyText, inquiryMailto, inquiryText } from "./inquiry-send";

interface Props {
  inquiry: Inquiry;
  reason: string;
  supportEmail: string;
}

const action =
  "inline-flex items-center justify-center rounded-full border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-800 transition hover:bg-red-100";

export function InquiryNotSent({ inquiry, reason, supportEmail }: Props) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-semibold">Your inquiry was not sent.</p>
      <p className="mt-1">{reason}</p>
      <p className="mt-1">
        Your message is kept below: send it again later, copy it, or email it to {supportEmail}.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={action}
          onClick={async () => setCopied(await copyText(inquiryText(inquiry)))}
        >
          Copy my message
        </button>
        <a className={action} href={inquiryMailto(supportEmail, inquiry)}>
          Email it to us
        </a>
      </div>
      {copied !== null && (
        <p className="mt-2" aria-live="polite">
          {copied ? "Copied. Paste it into an email or message to us." : "Copy did not work here."}
        </p>
      )}
    </div>
  );
}

/**
 * The custom-order inquiries inbox (/admin/inquiries, issue 10 §6): newest first, a status filter,
 * and each inquiry's status set by the owner (new, contacted, closed; the select moves only once
 * the server has saved it). Quoted and paid come from the quote flow.
 */
import { useCallback, useEffect, useState } from "react";
import Spinner from "../../../components/ui/Spinner";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import type { ScreenProps } from "../shell/AdminApp";
import {
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type AdminInquiry,
  type InquiryStatus,
  type ManualInquiryStatus,
} from "./inquiries-admin";
import { fetchInquiries, saveInquiryStatus } from "./inquiries-client";
import InquiryRow from "./InquiryRow";
import QuoteLink from "../../custom/admin/QuoteLink";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; list: AdminInquiry[] };

export default function InquiriesScreen(_props: ScreenProps) {
  const [filter, setFilter] = useState<InquiryStatus | "">("");
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [saving, setSaving] = useState<string | null>(null);

  const reload = useCallback(() => {
    setLoad({ state: "loading" });
    fetchInquiries(filter || undefined)
      .then((list) => setLoad({ state: "ready", list }))
      .catch((error: unknown) => {
        console.error("[inquiries] list failed", error);
        setLoad({ state: "failed" });
      });
  }, [filter]);
  useEffect(reload, [reload]);

  const setStatus = async (inquiry: AdminInquiry, status: ManualInquiryStatus) => {
    if (saving) return;
    setSaving(inquiry.id);
    try {
      const saved = await saveInquiryStatus(inquiry.id, status);
      setLoad((current) =>
        current.state === "ready"
          ? {
              state: "ready",
              list: current.list
                .map((i) => (i.id === saved.id ? saved : i))
                .filter((i) => !filter || i.status === filter),
            }
          : current,
      );
    } catch (error) {
      console.error("[inquiries] status change failed", error);
      showToast({
        type: "error",
        title: "Error",
        message:
          error instanceof ApiError && error.status !== 0 ? error.message : "Status not changed",
      });
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl text-ink-900">Inquiries</h1>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Show
          <select
            value={filter}
            onChange={(event) => setFilter(event.target.value as InquiryStatus | "")}
            className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm"
          >
            <option value="">All</option>
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {load.state === "loading" && <Spinner label="Loading inquiries" />}
      {load.state === "failed" && (
        <p className="text-ink-700">
          The inquiries could not be loaded.{" "}
          <button type="button" onClick={reload} className="underline">
            Try again
          </button>
        </p>
      )}
      {load.state === "ready" && load.list.length === 0 && (
        <p className="text-ink-500">No inquiries yet.</p>
      )}
      {load.state === "ready" && load.list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Inquiries">
          {load.list.map((inquiry) => (
            <InquiryRow
              key={inquiry.id}
              inquiry={inquiry}
              saving={saving === inquiry.id}
              onStatus={(i, s) => void setStatus(i, s)}
              actions={<QuoteLink inquiryId={inquiry.id} />}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

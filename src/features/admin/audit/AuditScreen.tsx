/**
 * The audit trail (/admin/audit): every owner action, newest first, who did it, from which address
 * and what changed (in words and rupees, audit-changes.ts), filtered by who, entity, action and a
 * date range and paged by the server; the view is kept in the address
 * (docs/decisions/0110-audit-coverage-and-keeping.md, 0053).
 */
import ListScreen from "~/features/admin/shell/ListScreen";
import { useStore } from "@nanostores/react";
import { useState, type FormEvent } from "react";
import { indiaDateTime } from "~/lib/dates";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import {
  AUDIT_ENTITIES,
  AUDIT_PAGE_SIZE,
  auditSearch,
  readAuditView,
  type AuditRowJson,
  type AuditView,
} from "./audit-admin";
import { auditChanges } from "./audit-changes";
import { fetchAuditPage } from "./audit-client";

const input = "rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm text-ink-900";

function Changes({ row }: { row: AuditRowJson }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <span className="text-ink-500">No details</span>;
  return (
    <ul className="space-y-0.5" data-audit-changes>
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium text-ink-800">{change.field}</span>:{" "}
          {change.from ? (
            <>
              <span className="text-ink-500">{change.from}</span> → {change.to || "removed"}
            </>
          ) : (
            change.to
          )}
        </li>
      ))}
    </ul>
  );
}

function AuditRow({ row }: { row: AuditRowJson }) {
  return (
    <tr className="border-t border-cream-200 align-top" data-audit-row={row.action}>
      <td className="px-3 py-2">{indiaDateTime(row.at)}</td>
      <td className="px-3 py-2 break-words">
        <div>{row.actorEmail ?? row.actorUid}</div>
        {row.address && <div className="text-xs text-ink-500">{row.address}</div>}
      </td>
      <td className="px-3 py-2 font-mono text-xs break-words">{row.action}</td>
      <td className="px-3 py-2">
        {row.entity}
        {row.entityId && (
          <div className="truncate font-mono text-xs text-ink-500" title={row.entityId}>
            {row.entityId}
          </div>
        )}
      </td>
      <td className="px-3 py-2 text-xs">
        <Changes row={row} />
      </td>
    </tr>
  );
}

function Filters({ view }: { view: AuditView }) {
  const [draft, setDraft] = useState(view);
  const field = (key: keyof Omit<AuditView, "page">) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: event.target.value })),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearch(auditSearch({ ...draft, page: 0 }), { push: true });
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-3 text-sm text-ink-700">
      <label className="flex flex-col gap-1">
        Who
        <input {...field("who")} placeholder="email or uid" className={input} maxLength={200} />
      </label>
      <label className="flex flex-col gap-1">
        Entity
        <select {...field("entity")} className={input}>
          <option value="">All</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Action
        <input {...field("action")} placeholder="order.status" className={input} maxLength={80} />
      </label>
      <label className="flex flex-col gap-1">
        From
        <input type="date" {...field("from")} className={input} />
      </label>
      <label className="flex flex-col gap-1">
        To
        <input type="date" {...field("to")} className={input} />
      </label>
      <button
        type="submit"
        className="rounded-full bg-ink-900 px-4 py-1.5 text-sm font-medium text-cream-50"
      >
        Apply
      </button>
    </form>
  );
}

export default function AuditScreen(_props: ScreenProps) {
  const search = useStore($adminSearch);
  const view = readAuditView(search);
  const data = useScreenData((signal) => fetchAuditPage(view, signal), [auditSearch(view)]);
  return (
    <ListScreen
      title="Audit trail"
      filters={<Filters key={auditSearch({ ...view, page: 0 })} view={view} />}
      data={data}
      loading="Loading the audit trail"
      failed="The audit trail could not be loaded."
      count={({ rows, count }) => ({ rows: rows.length, total: count })}
      empty="No owner actions match."
      page={view.page}
      pageSize={AUDIT_PAGE_SIZE}
      pagerLabel="Pages of the audit trail"
      onPage={(page) => setSearch(auditSearch({ ...view, page }), { push: true })}
    >
      {({ rows }) => (
        <section
          className="overflow-x-auto rounded-2xl border border-cream-200 bg-white"
          aria-label="Audit trail, scrolls sideways"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
          tabIndex={0}
        >
          <table
            className="w-full min-w-[44rem] table-fixed text-left text-sm"
            aria-label="Audit trail"
          >
            <thead className="bg-cream-50 text-ink-700">
              <tr>
                <th className="w-28 px-3 py-2">When</th>
                <th className="w-44 px-3 py-2">Who</th>
                <th className="w-32 px-3 py-2">Action</th>
                <th className="w-32 px-3 py-2">What</th>
                <th className="px-3 py-2">Change</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <AuditRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </ListScreen>
  );
}

/**
 * Data requests (/admin/data-requests, docs/decisions/0101-data-rights.md): the shoppers' data
 * downloads, consent withdrawals, account deletions and grievances, newest first, with the date
 * asked and the date done (a grievance is answered within 90 days, by mail).
 */
import { useStore } from "@nanostores/react";
import { indiaDateTime } from "../../../lib/dates";
import Pager from "../shell/Pager";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminSearch, setSearch } from "../shell/admin-router";
import ScreenState from "../shell/ScreenState";
import { useScreenData } from "../shell/use-screen-data";
import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_LABELS,
  DATA_REQUESTS_PAGE_SIZE,
  dataRequestsSearch,
  readDataRequestsView,
  type DataRequestKind,
} from "./data-requests-admin";
import { fetchDataRequests } from "./data-requests-client";

export default function DataRequestsScreen(_props: ScreenProps) {
  const view = readDataRequestsView(useStore($adminSearch));
  const data = useScreenData(
    (signal) => fetchDataRequests(view, signal),
    [dataRequestsSearch(view)],
  );
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl text-ink-900">Data requests</h1>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Show
          <select
            value={view.kind}
            onChange={(event) =>
              setSearch(
                dataRequestsSearch({ kind: event.target.value as DataRequestKind | "", page: 0 }),
                {
                  push: true,
                },
              )
            }
            className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm"
          >
            <option value="">All</option>
            {DATA_REQUEST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {DATA_REQUEST_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ScreenState
        data={data}
        loading="Loading data requests"
        failed="The data requests could not be loaded."
      >
        {({ requests, count }) =>
          requests.length === 0 ? (
            <p className="text-ink-500">No data requests yet.</p>
          ) : (
            <div className="space-y-4">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-ink-500 uppercase">
                  <tr>
                    <th className="py-2">Request</th>
                    <th className="py-2">Account</th>
                    <th className="py-2">Asked</th>
                    <th className="py-2">Done</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-cream-200">
                  {requests.map((r) => (
                    <tr key={r.id} data-data-request={r.kind}>
                      <td className="py-2 pr-3 align-top text-ink-900">
                        {DATA_REQUEST_LABELS[r.kind]}
                        {r.details && (
                          <p className="mt-1 break-words whitespace-pre-line text-ink-700">
                            {r.details}
                          </p>
                        )}
                      </td>
                      <td className="py-2 pr-3 align-top font-mono text-xs break-all text-ink-700">
                        {r.userId}
                      </td>
                      <td className="py-2 pr-3 align-top text-ink-700">
                        {indiaDateTime(r.createdAt)}
                      </td>
                      <td className="py-2 align-top text-ink-700">
                        {r.completedAt
                          ? indiaDateTime(r.completedAt)
                          : "Open (answer by mail within 90 days)"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager
                page={view.page}
                pages={Math.max(1, Math.ceil(count / DATA_REQUESTS_PAGE_SIZE))}
                from={view.page * DATA_REQUESTS_PAGE_SIZE + 1}
                to={view.page * DATA_REQUESTS_PAGE_SIZE + requests.length}
                total={count}
                label="Pages of data requests"
                onPage={(page) => setSearch(dataRequestsSearch({ ...view, page }), { push: true })}
              />
            </div>
          )
        }
      </ScreenState>
    </section>
  );
}

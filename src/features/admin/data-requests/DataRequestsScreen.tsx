/**
 * Data requests (/admin/data-requests, docs/decisions/0101-data-rights.md): the shoppers' data
 * downloads, consent withdrawals, account deletions and grievances, newest first, with the date
 * asked and the date done (a grievance is answered within 90 days, by mail).
 */
import ListScreen from "~/features/admin/shell/ListScreen";
import { useStore } from "@nanostores/react";
import { indiaDateTime } from "~/lib/dates";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_LABELS,
  DATA_REQUESTS_PAGE_SIZE,
  dataRequestsSearch,
  readDataRequestsView,
  type DataRequestKind,
} from "./data-requests-admin";
import BreachTool from "./BreachTool";
import { fetchDataRequests } from "./data-requests-client";

export default function DataRequestsScreen(_props: ScreenProps) {
  const view = readDataRequestsView(useStore($adminSearch));
  const data = useScreenData(
    (signal) => fetchDataRequests(view, signal),
    [dataRequestsSearch(view)],
  );
  return (
    <ListScreen
      title="Data requests"
      filters={<BreachTool />}
      filter={{
        value: view.kind,
        options: [
          ["", "All"],
          ...DATA_REQUEST_KINDS.map((k) => [k, DATA_REQUEST_LABELS[k]] as const),
        ],
        onChange: (kind) =>
          setSearch(dataRequestsSearch({ kind: kind as DataRequestKind | "", page: 0 }), {
            push: true,
          }),
      }}
      data={data}
      loading="Loading data requests"
      failed="The data requests could not be loaded."
      count={({ requests, count }) => ({ rows: requests.length, total: count })}
      empty="No data requests yet."
      page={view.page}
      pageSize={DATA_REQUESTS_PAGE_SIZE}
      pagerLabel="Pages of data requests"
      onPage={(page) => setSearch(dataRequestsSearch({ ...view, page }), { push: true })}
    >
      {({ requests }) => (
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
                    <p className="mt-1 break-words whitespace-pre-line text-ink-700">{r.details}</p>
                  )}
                </td>
                <td className="py-2 pr-3 align-top font-mono text-xs break-all text-ink-700">
                  {r.userId}
                </td>
                <td className="py-2 pr-3 align-top text-ink-700">{indiaDateTime(r.createdAt)}</td>
                <td className="py-2 align-top text-ink-700">
                  {r.completedAt
                    ? indiaDateTime(r.completedAt)
                    : "Open (answer by mail within 90 days)"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListScreen>
  );
}

/**
 * The claims report (docs/decisions/0251-claims-report.md): under the Claims list the last six India
 * months, on the Reports screen the months of the chosen period (decision 0270); each month with its
 * claims, their share of the month's delivered orders, the decisions, and what replacements and
 * refunds cost. The caller shows it only to roles the permission table lets read it.
 */
import { indiaDay, monthLabel } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchClaimReport } from "./claims-client";
import { lastSixMonths } from "./claims-view";

interface Props {
  /** The months to show (YYYY-MM, inclusive); the last six when not given. */
  months?: { from: string; to: string };
}

export default function ClaimsReport({ months: period }: Props) {
  const { from, to } = period ?? lastSixMonths(indiaDay(new Date()));
  const data = useScreenData((signal) => fetchClaimReport(from, to, signal), [from, to]);
  return (
    <section aria-labelledby="claims-report" className="flex flex-col gap-2" data-claims-section>
      <h2 id="claims-report" className="text-xl text-ink-900">
        Claims by month
      </h2>
      <ScreenState
        data={data}
        loading="Loading the claims report"
        failed="The claims report could not be loaded."
      >
        {({ months }) =>
          months.length === 0 ? (
            <p className="text-sm text-ink-700">
              {period
                ? "No claims or deliveries in this period."
                : "No claims or deliveries in the last six months."}
            </p>
          ) : (
            <section
              className="overflow-x-auto"
              aria-label="Claims by month"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
              tabIndex={0}
            >
              <table className="text-sm text-ink-800" data-claims-report>
                <thead>
                  <tr className="text-left">
                    <th className="pr-4">Month</th>
                    <th className="pr-4">Claims</th>
                    <th className="pr-4">Of delivered orders</th>
                    <th className="pr-4">Replaced / refunded / declined</th>
                    <th className="pr-4">Replacements cost</th>
                    <th>Refunded</th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m) => (
                    <tr key={m.month}>
                      <td className="pr-4">{monthLabel(`${m.month}-01`)}</td>
                      <td className="pr-4">{m.claims}</td>
                      <td className="pr-4">
                        {(m.share * 100).toFixed(1)}% of {m.deliveredOrders}
                      </td>
                      <td className="pr-4">
                        {m.replaced} / {m.refunds} / {m.declined}
                      </td>
                      <td className="pr-4">{formatInr(m.cost)}</td>
                      <td>{formatInr(m.refunded)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )
        }
      </ScreenState>
    </section>
  );
}

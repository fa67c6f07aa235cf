/**
 * The portal's list screen (docs/decisions/0053-admin-lists-on-the-server.md, 0052): a title with
 * the status filter beside it ("Show"), or filters of the screen's own under it; the page of rows
 * from the server through useScreenData (found, missing, failed with Try again), dimmed while the
 * next page loads; a sentence when the page is empty; and the Pager under the rows.
 */
import type { ReactNode } from "react";
import Pager from "./Pager";
import ScreenState from "./ScreenState";
import type { ScreenData } from "./use-screen-data";

/** The pager's numbers for page `page` (from 0) of `pageSize` rows, `rows` of them shown. */
export function pageSpan(page: number, pageSize: number, rows: number, total: number) {
  return {
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    from: page * pageSize + 1,
    to: page * pageSize + rows,
    total,
  };
}

export interface ListFilter {
  value: string;
  /** [value, label] in the order shown; "" is All. */
  options: readonly (readonly [string, string])[];
  onChange(value: string): void;
}

interface Props<T> {
  title: string;
  /** The status filter beside the title. */
  filter?: ListFilter;
  /** A screen's own filters, under the title (the audit trail's form). */
  filters?: ReactNode;
  data: ScreenData<T>;
  /** "Loading inquiries" */
  loading: string;
  /** "The inquiries could not be loaded." */
  failed: string;
  /** The rows on the shown page and the count of all of them. */
  count(data: T): { rows: number; total: number };
  /** "No inquiries yet." */
  empty: string;
  page: number;
  pageSize: number;
  /** The pager's name ("Pages of inquiries"). */
  pagerLabel: string;
  onPage(page: number): void;
  /** The page's rows (a list or a table). */
  children(data: T): ReactNode;
}

export default function ListScreen<T>(props: Props<T>) {
  const { title, filter, data } = props;
  return (
    <section className="flex flex-col gap-6">
      {filter ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-3xl text-ink-900">{title}</h1>
          <label className="flex items-center gap-2 text-sm text-ink-700">
            Show
            <select
              value={filter.value}
              onChange={(event) => filter.onChange(event.target.value)}
              className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm"
            >
              {filter.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : (
        <h1 className="text-3xl text-ink-900">{title}</h1>
      )}
      {props.filters}
      <ScreenState data={data} loading={props.loading} failed={props.failed}>
        {(found) => {
          const { rows, total } = props.count(found);
          if (rows === 0) return <p className="text-ink-500">{props.empty}</p>;
          return (
            <div className={`space-y-4 ${data.refreshing ? "opacity-70" : ""}`}>
              {props.children(found)}
              <Pager
                {...pageSpan(props.page, props.pageSize, rows, total)}
                label={props.pagerLabel}
                onPage={props.onPage}
              />
            </div>
          );
        }}
      </ScreenState>
    </section>
  );
}

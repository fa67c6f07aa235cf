/** Previous / next over the table's pages, with "Showing 1–50 of 10,000". */
interface Props {
  page: number;
  pages: number;
  from: number;
  to: number;
  /** null while the counts are on their way. */
  total: number | null;
  onPage: (page: number) => void;
  /** The navigation's name ("Pages of orders"). */
  label?: string;
}

const button =
  "rounded-full border border-cream-300 px-4 py-1.5 text-sm font-medium text-ink-700 hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-50";

export default function Pager({
  page,
  pages,
  from,
  to,
  total,
  onPage,
  label = "Pages of orders",
}: Props) {
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700"
    >
      <p aria-live="polite">
        Showing {from.toLocaleString("en-IN")}–{to.toLocaleString("en-IN")}
        {total === null ? "" : ` of ${total.toLocaleString("en-IN")}`}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={button}
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <span>
          Page {page + 1}
          {total === null ? "" : ` of ${pages}`}
        </span>
        <button
          type="button"
          className={button}
          disabled={page >= pages - 1}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

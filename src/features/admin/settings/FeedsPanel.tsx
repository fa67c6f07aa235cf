/**
 * The Settings screen's product feeds panel (docs/decisions/0243-product-feeds.md; mounted in
 * settings-panels.ts): the two addresses to paste into Google Merchant Center and Meta Commerce
 * Manager, what the feeds hold now, and the active products left out for want of a photo.
 * Nothing to save: the feeds follow the catalogue.
 */
import { showToast } from "~/components/ui/toast-store";
import { FEED_PLACES, type FeedKind, type FeedSummary } from "~/features/feeds/feeds";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchFeedSummary } from "./feeds-client";

const TITLES: Record<FeedKind, string> = {
  google: "Google Shopping (Merchant Center)",
  meta: "Facebook and Instagram shops (Meta catalogue)",
};

async function copy(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ type: "success", title: "Address copied", message: url });
  } catch (error) {
    console.warn("[admin] the clipboard refused the feed address", error);
    showToast({ type: "info", title: "Feed address", message: url });
  }
}

function Feeds({ summary }: { summary: FeedSummary }) {
  return (
    <div className="space-y-4 text-sm text-ink-800" data-panel-ready>
      <ul className="space-y-3">
        {summary.feeds.map(({ kind, url }) => (
          <li key={kind} className="space-y-1" data-feed={kind}>
            <p className="font-semibold text-ink-900">{TITLES[kind]}</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="break-all rounded-md bg-cream-100 px-2 py-1">{url}</code>
              <button
                type="button"
                onClick={() => void copy(url)}
                className="rounded-full border border-cream-200 px-3 py-1 hover:bg-cream-100"
              >
                Copy
              </button>
            </div>
            <p className="text-ink-500">{FEED_PLACES[kind]}</p>
          </li>
        ))}
      </ul>
      <p data-feed-counts>
        {summary.listedProducts} of {summary.activeProducts} active products are in the feeds, as{" "}
        {summary.items} {summary.items === 1 ? "item" : "items"} (one for each choice of options).
      </p>
      {summary.leftOut.length > 0 && (
        <div data-feed-left-out>
          <p>
            Left out because they have no photo in JPEG, PNG or WebP (Google and Meta need one):
          </p>
          <ul className="list-disc pl-5">
            {summary.leftOut.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export default function FeedsPanel() {
  const data = useScreenData((signal) => fetchFeedSummary(signal), []);
  return (
    <ScreenState
      data={data}
      loading="Loading the product feeds"
      failed="The product feeds could not be loaded."
    >
      {(summary) => <Feeds summary={summary} />}
    </ScreenState>
  );
}

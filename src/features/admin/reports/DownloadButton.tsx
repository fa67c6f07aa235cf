/** A CSV download: asks the server with the owner's token, then saves the file (reports-client.ts). */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { downloadCsv } from "./reports-client";
import { REPORTS_TEXTS } from "./reports-view";

export default function DownloadButton({
  path,
  filename,
  label,
}: {
  path: string;
  filename: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy}
      data-download={filename}
      className="rounded-full border border-cream-300 px-4 py-1.5 text-sm font-medium text-ink-700 hover:bg-cream-100 disabled:opacity-60"
      onClick={async () => {
        setBusy(true);
        try {
          const saved = await downloadCsv(path, filename);
          showToast({ type: "success", title: REPORTS_TEXTS.downloaded, message: saved });
        } catch (error) {
          showPortalError(error, REPORTS_TEXTS.notDownloaded);
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Preparing…" : label}
    </button>
  );
}

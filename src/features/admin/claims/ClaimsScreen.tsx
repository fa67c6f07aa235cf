/**
 * Damage claims (/admin/claims, docs/decisions/0247-damage-claims.md): the claims waiting for a
 * decision first (the view kept in the address), each with its photos and video, the order and the
 * delivery time; one decision each (the server refuses a second with 409, shown as a toast).
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import ListScreen from "~/features/admin/shell/ListScreen";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useMay } from "~/features/admin/shell/use-may";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ClaimCard from "./ClaimCard";
import ClaimsReport from "./ClaimsReport";
import { type Decision, decide, fetchClaimsPage } from "./claims-client";
import {
  CLAIM_SHOW,
  CLAIM_SHOW_LABELS,
  CLAIMS_PAGE_SIZE,
  type ClaimShow,
  claimsSearch,
  readClaimsView,
} from "./claims-view";

export default function ClaimsScreen(_props: ScreenProps) {
  const view = readClaimsView(useStore($adminSearch));
  const data = useScreenData((signal) => fetchClaimsPage(view, signal), [claimsSearch(view)]);
  const [saving, setSaving] = useState<string | null>(null);
  const may = useMay();

  const act = async (id: string, decision: Decision) => {
    if (saving) return;
    setSaving(id);
    try {
      const saved = await decide(id, decision);
      data.update((page) => ({
        ...page,
        claims: page.claims.map((c) => (c.id === saved.id ? saved : c)),
      }));
    } catch (error) {
      showPortalError(error, "Claim not decided");
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="flex flex-col gap-10">
      <ListScreen
        title="Claims"
        filter={{
          value: view.show,
          options: CLAIM_SHOW.map((s) => [s, CLAIM_SHOW_LABELS[s]] as const),
          onChange: (show) =>
            setSearch(claimsSearch({ show: show as ClaimShow, page: 0 }), { push: true }),
        }}
        data={data}
        loading="Loading claims"
        failed="The claims could not be loaded."
        count={({ claims, total }) => ({ rows: claims.length, total })}
        empty="No claims here."
        page={view.page}
        pageSize={CLAIMS_PAGE_SIZE}
        pagerLabel="Pages of claims"
        onPage={(page) => setSearch(claimsSearch({ ...view, page }), { push: true })}
      >
        {({ claims }) => (
          <ul className="flex flex-col gap-3" aria-label="Claims">
            {claims.map((claim) => (
              <ClaimCard
                key={`${claim.id}:${claim.status}`}
                claim={claim}
                saving={saving === claim.id}
                onDecide={
                  may("POST", `/v2/admin/claims/${claim.id}/decision`)
                    ? (decision) => void act(claim.id, decision)
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </ListScreen>
      {may("GET", "/v2/admin/reports/claims") && <ClaimsReport />}
    </div>
  );
}

/** The setup guide's call on the portal's one API client (docs/decisions/0052-portal-screen-contract.md). */
import { adminGet } from "~/features/admin/shell/admin-api";
import type { SetupGuideJson } from "./setup-guide";

export function fetchSetupGuide(signal?: AbortSignal): Promise<SetupGuideJson> {
  return adminGet<SetupGuideJson>("/v2/admin/setup", { signal });
}

/**
 * GET/PUT /v2/admin/settings/reviews (docs/decisions/0136-reviews-publish-at-once.md): the owner
 * reads and saves whether new reviews are published straight away; a save is checked, versioned
 * (409 when another window saved first) and audited by the settings store.
 */
import { sectionRoutes } from "~/features/settings/section-routes.server";
import { reviewSettingsBody } from "./review-settings.schema";
import { reviewsSection } from "./review-settings.server";

/** GET -> { value, version }; PUT { value: { publishAtOnce }, version } -> { value, version } */
export const { get: getReviewSettings, put: putReviewSettings } = sectionRoutes(
  reviewsSection,
  reviewSettingsBody,
);

/**
 * The `reviews` settings section (docs/decisions/0136-reviews-publish-at-once.md): whether a new
 * review shows at once or waits for the owner's moderation (the default). One schema for the
 * portal's panel and the handler (docs/decisions/0064-form-pattern.md). Browser-safe.
 */
import { z } from "zod/mini";

export const reviewSettingsSchema = z.object({
  /** Off: new reviews wait (pending) until the owner publishes them. */
  publishAtOnce: z.boolean({ error: "Choose whether new reviews are published straight away." }),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/** The body of PUT /v2/admin/settings/reviews: the section and the version the panel loaded. */
export const reviewSettingsBody = z.object({
  value: reviewSettingsSchema,
  version: z.number().check(z.int(), z.gte(0)),
});

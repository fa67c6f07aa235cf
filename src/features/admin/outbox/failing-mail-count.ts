/**
 * The count of failing mails beside 'Outbox' in the admin navigation
 * (docs/decisions/0111-outbox-in-the-portal.md): GET /v2/admin/outbox/count, read as every
 * navigation count is (~/features/admin/shell/nav-count.ts); refreshed after a resend too.
 */
import { navCount } from "~/features/admin/shell/nav-count";

export const failingMail = navCount("/v2/admin/outbox/count", "failing mail");

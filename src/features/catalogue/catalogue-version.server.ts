/**
 * The catalogue's version: every write to the catalogue (products, variants, images, the homepage
 * listing, categories) calls `catalogueChanged(tx)` inside its transaction, so the caches that
 * serve the storefront rebuild from the new state (issue 11).
 * TODO(perfsrv): bump a version row and notify other app servers; today a no-op hook point.
 */
export async function catalogueChanged(_tx: unknown): Promise<void> {}

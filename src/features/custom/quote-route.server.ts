/**
 * What the /quote/{token} pages read, in the one page-load shape (decision 0019): the quote page,
 * missing (a plain 404 that reveals nothing), or failed (503). A signed-in visitor's saved
 * addresses come along so they can pick one.
 */
import type { SessionUser } from "~/features/account/account";
import { loadUser } from "~/features/account/account.server";
import { getDb } from "~/server/db/client";
import { readPage, type PageLoad } from "~/server/page-load";
import { loadQuotePage, type QuotePage } from "./quote-page.server";
import type { SavedAddress } from "./quotes";

export type QuoteRoute = PageLoad<{
  page: QuotePage;
  signedIn: boolean;
  addresses: SavedAddress[];
}> & { title: string };

export async function loadQuoteRoute(
  session: SessionUser | null,
  token: string | undefined,
  follow: boolean,
): Promise<QuoteRoute> {
  const load = await readPage("quote page", async () => {
    const db = await getDb();
    const page = await loadQuotePage(db, token, { follow });
    if (!page) return { state: "missing" as const, status: 404 as const };
    const user = session ? await loadUser(db, session.uid) : null;
    const addresses = (user?.addresses ?? []).map((a) => ({
      id: a.id,
      label: `${a.fName} ${a.lName}, ${a.address1}, ${a.city} ${a.zipCode}`,
    }));
    return {
      state: "found" as const,
      status: 200 as const,
      page,
      signedIn: Boolean(session),
      addresses,
    };
  });
  const title =
    load.state === "found"
      ? load.page.quote.title
      : load.state === "missing"
        ? "Quote not found"
        : "Quote";
  return { ...load, title };
}

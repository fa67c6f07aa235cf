/**
 * What /my-profile renders on the server (docs/product.md §2 My profile), in the one page-load shape
 * (src/server/page-load.ts, decision 0019): the signed-in user's record (null when none exists
 * yet: the form then asks the API, which creates it), or that it could not be read (503 with the
 * toast 'Failed to load your profile.'), never a bare 500.
 */
import type { DbOrTx } from "~/server/db/client";
import { readPage, type Failed, type Found } from "~/server/page-load";
import type { User } from "./account";
import { loadUser } from "./account.server";

export const PROFILE_LOAD_FAILED = "Failed to load your profile.";

export type ProfilePageState = Found<{ user: User | null }> | Failed;

export function loadProfilePage(
  openDb: () => Promise<DbOrTx>,
  uid: string,
): Promise<ProfilePageState> {
  return readPage(`profile of ${uid}`, async () => ({
    state: "found" as const,
    status: 200 as const,
    user: await loadUser(await openDb(), uid),
  }));
}

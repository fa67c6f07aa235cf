/**
 * The studio's team in the browser (docs/team.md, decisions 0253 and 0255): the owner invites a
 * verified address as Studio; the invited person signs in, accepts on /team/join, and the portal
 * shows them only their screens (a settings address sends them to /unauthorized), and the site
 * menu shows them the Portal link; removed by the owner, their next visit to the portal is refused
 * and the link is gone.
 */
import { EMULATOR } from "./account-helpers";
import { expect, test } from "./fixtures";
import { ownerBearer } from "./portal-helpers";
import { signIn } from "./shop-helpers";

test("an invited studio member joins, sees only their screens, and is refused once removed", async ({
  browser,
  request,
}) => {
  const email = `studio.${Date.now()}@example.com`;
  const password = "resin-studio-2024";
  const signUp = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e`,
    { data: { email, password, returnSecureToken: true } },
  );
  const { localId } = (await signUp.json()) as { localId: string };
  const verify = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-resin/accounts:update`,
    { headers: { authorization: "Bearer owner" }, data: { localId, emailVerified: true } },
  );
  expect(verify.ok(), await verify.text()).toBe(true);

  const owner = await ownerBearer(request);
  const invite = await request.post("/v2/admin/team/invites", {
    headers: owner,
    data: { email, role: "studio" },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const link = new URL(((await invite.json()) as { link: string }).link);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email, password });
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByRole("button", { name: "Accept the invite" }).click();
  await expect(page.locator("[data-team-joined]")).toContainText("You are on the team as Studio.");

  // The site menu's Portal link, drawn by the server for any team role (decision 0253).
  await page.goto("/instructions");
  const portalLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "Portal",
  });
  await expect(portalLink).toHaveAttribute("href", "/admin");

  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Admin" });
  // Inquiries may carry its count of new ones ("Inquiries1 new"): the studio reads it.
  await expect(nav.getByRole("link")).toHaveText([
    "All Orders",
    /^Inquiries/,
    /^Claims/,
    "User Home",
  ]);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/unauthorized$/);

  const team = (await (await request.get("/v2/admin/team", { headers: owner })).json()) as {
    members: { uid: string; email: string }[];
  };
  const uid = team.members.find((m) => m.email === email)?.uid ?? "";
  const removed = await request.delete(`/v2/admin/team/${uid}`, { headers: owner });
  expect(removed.status(), await removed.text()).toBe(200);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto("/instructions");
  await expect(portalLink).toHaveCount(0);
  await context.close();
});

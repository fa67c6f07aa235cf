test("reminder mail: off at sign-up and on the profile until the shopper turns it on; a bad unsubscribe link says so", async ({
  page,
  request,
}) => {
  await page.goto("/join-resintales");
  await expect(page.getByLabel(/Email me once if I leave items in my cart/)).not.toBeChecked();

  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/my-profile");
  const box = page.getByLabel(
    "Email me once if I leave items in my cart for a day. You can stop this at any time.",
  );
  await hydrated(page, box);
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(toast(page, "Saved")).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();

  const answer = await page.goto("/unsubscribe/not-a-real-token-0000");
  expect(answer?.status()).toBe(404);
  await expect(page.getByText("This link is not valid.", { exact: false })).toBeVisible();
});

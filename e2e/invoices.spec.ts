/**
 * The books end to end (docs/decisions/0083-0086): the owner saves the business settings in the
 * portal's Settings screen (a regular seller in Maharashtra); a shopper gives a GSTIN at checkout,
 * pays with the local provider, and downloads the tax invoice from /my-orders/{id}; the PDF names
 * the shop's GSTIN, the buyer's GSTIN and the place of supply. The owner sees it on the order screen,
 * then follows that one invoice number into the invoice register CSV and the GST summary (docs/
 * decisions/0092, 0093): the buyer's GSTIN is new in every run, so its B2B row is this invoice alone.
 */
import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { gstinCheckChar } from "~/features/books/gstin";
import { csvRecords, download } from "./csv-downloads";
import { readyToCheckout, saveAddress, toProvider, payAtProvider } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { toast } from "./shop-helpers";
import { ownerPage } from "./portal-helpers";

/** A valid Karnataka GSTIN no other run has used: a random PAN-like middle and its check digit. */
function freshGstin(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  const first14 = `29${Array.from({ length: 5 }, letter).join("")}${digits}${letter()}1Z`;
  return first14 + gstinCheckChar(first14);
}

test("a shopper pays and downloads the tax invoice; the owner set the seller and sees it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerPage(browser);
  await owner.goto("/admin/settings");
  const form = owner.locator("[data-business-form]");
  await hydrated(owner, form.getByRole("button", { name: "Save settings" }));
  await form.getByLabel("Legal name").fill("Resin Tales Studio LLP");
  await form.getByLabel("Address line 1").fill("12 Lake Road");
  await form.getByLabel("City").fill("Pune");
  await form.getByLabel("State").selectOption("Maharashtra");
  await form.getByLabel("PIN code").fill("411001");
  // Settings says where each registration may deliver (docs/decisions/0181).
  await form.getByLabel("Registration").selectOption("composition");
  await expect(form.locator("[data-registration-note]")).toContainText("section 10(2)(c)");
  await form.getByLabel("Registration").selectOption("regular");
  await form.getByLabel("Authorised signatory's name").fill("Meera Kulkarni");
  await form.getByLabel("Signatory's designation").fill("Partner");
  await form.getByLabel("GSTIN").fill("27AAPFU0939F1ZA");
  await form.getByLabel("Invoice prefix").fill("RT");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByText(/check digit/)).toBeVisible();
  await form.getByLabel("GSTIN").fill("27aapfu0939f1zv");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(owner, "Settings saved")).toBeVisible();

  await readyToCheckout(page, request, 1);
  await saveAddress(page, ["Asha", "Rao", "4 MG Road", "Bengaluru", "Karnataka", "560001"]);
  await page.getByLabel("UPI contact number").fill("9876543210");
  const buyerGstin = freshGstin();
  await page.getByLabel(/^GSTIN/).fill(buyerGstin);
  const orderId = await toProvider(page);
  await payAtProvider(page);

  await page.goto(`/my-orders/${orderId}`);
  const documents = page.getByTestId("order-documents");
  await expect(documents).toContainText(/Tax Invoice RT\/\d\d-\d\d\/\d{6}/);
  const number = /RT\/\d\d-\d\d\/\d{6}/.exec((await documents.textContent()) ?? "")![0];
  const [pdfFile] = await Promise.all([
    page.waitForEvent("download"),
    documents.getByRole("link", { name: "Download Tax Invoice (PDF)" }).click(),
  ]);
  expect(pdfFile.suggestedFilename()).toMatch(/^RT-\d\d-\d\d-\d{6}\.pdf$/);
  const bytes = await readFile((await pdfFile.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  const flat = text.replace(/\s+/g, " ");
  expect(flat).toContain("GSTIN: 27AAPFU0939F1ZV");
  expect(flat).toContain(`GSTIN: ${buyerGstin}`);
  expect(flat).toContain(`No. ${number}`);
  expect(flat).toContain("Place of supply: Karnataka (29)");
  expect(flat).toContain("IGST");
  expect(flat).toContain("Whether tax is payable on reverse charge: No");
  // Signed by the authorised signatory, never "needs no signature" (docs/decisions/0184).
  expect(flat).toContain("Meera Kulkarni Partner Authorised signatory");
  expect(flat).not.toContain("needs no signature");

  await owner.goto(`/admin/order/${orderId}`);
  const panel = owner.locator(`[data-order-documents="${orderId}"]`);
  await expect(panel).toContainText("Tax Invoice", { timeout: 30_000 });
  await expect(panel.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /^\/admin\/documents\/doc_/,
  );

  // The same number in the invoice register (this month) and in the GST summary's B2B row.
  await owner.goto("/admin/reports");
  await expect(owner.locator("[data-reports-screen=found]")).toBeVisible({ timeout: 30_000 });
  const register = csvRecords((await download(owner, "Invoices and credit notes")).text);
  const issued = register.filter((r) => r.Number === number);
  expect(issued).toHaveLength(1);
  expect(issued[0]).toMatchObject({
    Kind: "tax-invoice",
    "Order id": orderId,
    "Buyer GSTIN": buyerGstin,
    "Place of supply code": "29",
    "Tax split": "IGST",
  });
  const invoice = issued[0]!;
  expect(Number(invoice.IGST)).toBeGreaterThan(0);
  await owner.getByRole("link", { name: "GST summary" }).click();
  await expect(owner.locator("[data-gst-screen=found]")).toBeVisible({ timeout: 30_000 });
  await expect(
    owner.getByRole("region", { name: "B2B: per buyer GSTIN", exact: true }),
  ).toContainText(buyerGstin);
  const summary = csvRecords((await download(owner, "Download the GST summary (CSV)")).text);
  const b2b = summary.filter((r) => r.Section === "B2B" && r["Buyer GSTIN"] === buyerGstin);
  expect(b2b).toEqual([
    expect.objectContaining({
      Documents: "1",
      "Taxable value": invoice["Taxable value"],
      CGST: "0.00",
      SGST: "0.00",
      IGST: invoice.IGST,
      Total: invoice.Total,
    }),
  ]);
  await owner.context().close();
});

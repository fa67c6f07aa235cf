/**
 * Invoice PDF time (docs/decisions/0086): renders a tax invoice of five lines and shipping
 * (wrapped descriptions, IGST) `BENCH_PDFS` times (default 100) after one warm-up, and prints the
 * mean, p50, p95 and the largest, in milliseconds, and the PDF's size. The target is under 100 ms
 * each (issue: the books). Run: `npx tsx bench/invoice-pdf.ts`.
 */
import { buildSaleDocument } from "~/features/books/document";
import { renderDocumentPdf } from "~/features/books/invoice-pdf.server";
import { SELLER, testSettings } from "~/features/books/seller.fixtures";

const settings = testSettings({ address: { ...SELLER.address, address2: "Koregaon Park" } });

const lines = Array.from({ length: 5 }, (_, i) => ({
  name: `Ocean Wave Resin Photo Frame no. ${i + 1} with gold leaf`,
  options: ["A4", "Gloss", "Teal"],
  note: "Aishwarya & Raghunathan, 14 February 2026",
  quantity: 1 + (i % 3),
  unitPricePaise: 149_900 + i * 10_000,
  hsn: i % 2 ? "4414" : null,
  gstRate: i % 2 ? (5 as const) : null,
}));

const draft = buildSaleDocument({
  settings,
  buyer: {
    name: "Aishwarya Raghunathan",
    email: "asha@example.com",
    phone: "9876543210",
    address: {
      address1: "4 MG Road",
      address2: "Near the lake",
      city: "Bengaluru",
      state: "Karnataka",
      zipCode: "560001",
      country: "India",
    },
    gstin: "29AAGCB7383J1Z4",
  },
  lines,
  orderDiscountPaise: 0,
  shippingPaise: 9_900,
});
const doc = {
  ...draft,
  id: "bench",
  number: "RT/25-26/000123",
  issuedAt: new Date(),
  orderId: "o",
  creditsNumber: null,
  creditsDate: null,
};

const count = Number(process.env.BENCH_PDFS ?? 100);
const first = await renderDocumentPdf(doc);
const times: number[] = [];
for (let i = 0; i < count; i++) {
  const start = performance.now();
  await renderDocumentPdf(doc);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `invoice PDF x${count}: mean ${mean.toFixed(1)} ms, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms; ${(first.length / 1024).toFixed(1)} KiB each`,
);

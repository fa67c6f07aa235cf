/**
 * The Auth Emulator port of each integration suite, in one table. An emulator takes its port and
 * the next two (hub, logging), so ports are 5 apart; TEST_PORT_OFFSET (tests/helpers/auth.ts)
 * shifts them all, so two checkouts can run their suites at once. A new suite adds a row here.
 */
export const EMULATOR_PORTS = {
  orders: 9250,
  catalogue: 9255,
  cart: 9260,
  cartMerge: 9265,
  clients: 9270,
  admin: 9275,
  adminAuthz: 9280,
  adminCategories: 9285,
  adminInquiries: 9290,
  adminOrders: 9295,
  adminProducts: 9300,
  accounts: 9305,
  accountsRecords: 9310,
  accountsMiddleware: 9315,
  uploads: 9320,
  customAuth: 9325,
  startStop: 9330,
  startReadiness: 9700,
  twoShopsA: 9705,
  twoShopsB: 9710,
  twoServersS3: 9715,
  // the privacy lane (decisions 0170-0173): 9740-9754
  privacyEmail: 9740,
  privacyRelink: 9745,
  emulatorSave: 9750,
  reports: 9550,
  ownerRecords: 9900,
  personalisation: 9905,
  personalisationAdmin: 9910,
  // the books' suites (decisions 0082-0086): 9500-9545
  businessSettings: 9500,
  // the shop's identity from the business settings (decision 0158)
  shopIdentity: 9540,
  // suites split in two to stay under 300 lines (decision 0004): 9800-9895
  accountsInput: 9800,
  adminOrdersMoves: 9805,
  adminProductsEdits: 9810,
  cartLines: 9815,
  catalogueDetails: 9820,
  uploadsStored: 9825,
  adminCategoriesCreate: 9830,
  ownerRecordsOutbox: 9835,
  // the drawer's quantity change (firsthour lane)
  cartQuantity: 9880,
  // the cart in the sign-in's answer (decision 0290)
  cartAtSignIn: 9885,
  // sign-up without the SDK (decision 0320)
  signUpRest: 9890,
  // the run's shared emulators on CI, one per worker, 5 apart (tests/global-setup.ts): 9960-9999
  shared: 9960,
} as const;

/** How many ports one emulator takes (its own, the hub's, the logging's). */
export const PORTS_PER_EMULATOR = 3;

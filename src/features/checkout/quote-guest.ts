/** The one users row quote orders paid without an account belong to (they are found by claim_email). */
export const GUEST_USER_ID = "~quote-guest";

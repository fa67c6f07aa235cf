/**
 * Every environment variable the server reads, parsed once with zod.
 * docs/configuration.md and .env.example list the same names; keep the three in step.
 */
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  PUBLIC_SITE_URL: z.url().default("http://localhost:4321"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  MIGRATIONS_DIR: z.string().default("src/server/db/migrations"),
  SHOP_NAME: z.string().min(1).default("Resin Tales"),
  SHOP_SHORT_NAME: z.string().min(1).default("resintales"),
  SUPPORT_EMAIL: z.email().default("hello@resintales.example"),
  OWNER_EMAIL: z.email().optional(),
  SOCIAL_URL: z.url().default("https://www.instagram.com/"),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  MAIL_FROM: z.string().default("Resin Tales <no-reply@resintales.example>"),
  // Inquiries per hour: generous per client address (many phones share one carrier address),
  // strict per email (docs/decisions/0075-inquiry-never-lost.md).
  INQUIRY_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  INQUIRY_EMAIL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(3),
  // Floods of pending orders and sign-ups (docs/decisions/0072-order-floods-and-rate-limits.md).
  ORDER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  ORDER_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // Multiplies every limit of the route table (docs/decisions/0177-a-limit-on-every-write.md).
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** How many reverse proxies stand in front of the shop: "true" is one (docs/decisions/0071-client-address-behind-proxies.md). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toLowerCase())
    .refine((v) => /^(true|false|\d{1,2}|)$/.test(v), {
      error:
        "TRUST_PROXY must be true (one proxy), false, or the number of proxies in front of the shop (1, 2, ...)",
    })
    .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
  DEMO_MODE: bool,
  // Accounts (src/server/auth): Firebase Authentication. See docs/decisions/0005-firebase-auth-and-sessions.md.
  FIREBASE_PROJECT_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  FIREBASE_SERVICE_ACCOUNT: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PUBLIC_FIREBASE_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PUBLIC_FIREBASE_AUTH_DOMAIN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PUBLIC_FIREBASE_PROJECT_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PUBLIC_FIREBASE_APP_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  OWNER_UID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  // Uploads (src/features/media): docs/decisions/0036-image-uploads.md.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int({ error: "UPLOAD_MAX_BYTES must be a whole number of bytes" })
    .min(1024, { error: "UPLOAD_MAX_BYTES must be at least 1024 bytes" })
    .max(100 * 1024 * 1024, { error: "UPLOAD_MAX_BYTES must be at most 100 MB (104857600)" })
    .default(10 * 1024 * 1024),
  CLOUDINARY_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^cloudinary:\/\/[^:@/]+:[^@/]+@[^/?#]+/.test(v), {
      error: "CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>",
    }),
  CLOUDINARY_API_BASE: z.url().default("https://api.cloudinary.com"),
  // WhatsApp Cloud API's address (docs/whatsapp.md; unset: https://graph.facebook.com, or in demo
  // mode the local transport of docs/decisions/0274-demo-whatsapp-local.md); tests set the fake's.
  WHATSAPP_API_BASE: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.url().optional()),
  // Uploads in an S3-compatible bucket instead of DATA_DIR/media: docs/decisions/0080-media-in-s3.md.
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().min(1).default("auto"),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_PREFIX: z
    .string()
    .default("media/")
    .refine((v) => v === "" || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(v), {
      error: "S3_PREFIX must be empty or end with / (e.g. media/)",
    }),
  // Images straight from the bucket or its CDN: docs/decisions/0116-s3-public-url.md.
  S3_PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: "S3_PUBLIC_URL must be an http(s) address, e.g. https://media.example.in",
    })
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((v) => v?.replace(/\/+$/, "")),
  // Scheduled backups (src/server/backup): docs/decisions/0079-backups-and-moving.md.
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).default(4),
  // The grievance officer's first values for the privacy settings (docs/decisions/0101-data-rights.md).
  GRIEVANCE_OFFICER_NAME: z.string().default(""),
  GRIEVANCE_EMAIL: z
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  GRIEVANCE_PHONE: z.string().default(""),
  // Days after delivery before the review-request mail; 0 sends none (docs/decisions/0100-reviews.md).
  REVIEW_REQUEST_DAYS: z.coerce.number().int().min(0).max(90).default(5),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The parsed environment; throws with every problem listed when a variable is malformed. */
export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}

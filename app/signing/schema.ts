import { sql } from "drizzle-orm";
import { check, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "~/db/columns";

/**
 * The agency's self-signed signing certificate, made on the first signing when SIGNING_CERT_P12 is
 * not set (decision 049). In the database, not in DATA_DIR, so that every process signs with the
 * same one, a restart keeps it, and a backup carries it with the documents it signed. One row:
 * `id` is always "agency", so two processes making one at once end with the first one inserted.
 */
export const signingCertificates = pgTable("signing_certificates", {
  id: text("id").primaryKey(),
  /** The PKCS#12 file (certificate and private key), base64. */
  p12: text("p12").notNull(),
  /** What the PKCS#12 file is encrypted with: kept beside it, the database being what protects both. */
  passphrase: text("passphrase").notNull(),
  /** The certificate's subject CN, as made (the agency's name then). */
  commonName: text("common_name").notNull(),
  expiresAt: instant("expires_at").notNull(),
  createdAt: createdAt(),
}, (table) => [check("signing_certificates_one_row", sql`${table.id} = 'agency'`)]);

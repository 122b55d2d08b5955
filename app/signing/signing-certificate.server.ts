import { generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { config } from "~/config.server";
import { currentDatabase, type Database, type DatabaseHandle } from "~/db/connection.server";
import { signingCertificates } from "./schema";

/** The certificate contracts are sealed with: the agency's own when configured, else the self-signed one kept in the database. */
export type SigningCertificate = { p12: Buffer; passphrase: string; source: "configured" | "self-signed" };

/** The self-signed certificate's name when the agency has not named itself yet. */
export const DEFAULT_CERTIFICATE_NAME = "Agency documents";
const ROW_ID = "agency";
const VALID_YEARS = 10;

// One load per database: the row never changes once made, and a restored database is a new handle.
const loaded = new WeakMap<DatabaseHandle, Promise<SigningCertificate>>();

/**
 * The agency's signing certificate (decision 049). SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE when
 * set (opened at start by the configuration). Otherwise the self-signed one, made on first use and
 * kept in the database so that signing never waits on set-up; `commonName` (the agency's name) is
 * its subject when this call is the one that makes it.
 */
export async function loadSigningCertificate(options: { commonName?: string } = {}): Promise<SigningCertificate> {
  const configured = config().signingCertificate;
  if (configured) return { p12: configured.p12, passphrase: configured.passphrase, source: "configured" };
  const handle = currentDatabase();
  let loading = loaded.get(handle);
  if (!loading) {
    loading = storedSigningCertificate({ database: handle.db, commonName: options.commonName });
    loaded.set(handle, loading);
    // A failed load (the database away for a moment) is tried again by the next signing.
    loading.catch(() => loaded.delete(handle));
  }
  return loading;
}

/**
 * The self-signed certificate in the database, made first if there is none. Two processes making
 * one at once each insert theirs, the second insert does nothing, and both read back the first.
 */
export async function storedSigningCertificate(options: { database: Database; commonName?: string }): Promise<SigningCertificate> {
  const { database } = options;
  const existing = await readStored(database);
  if (existing) return existing;
  const made = await makeSelfSignedCertificate(options.commonName?.trim() || DEFAULT_CERTIFICATE_NAME, new Date());
  await database
    .insert(signingCertificates)
    .values({ id: ROW_ID, p12: made.p12.toString("base64"), passphrase: made.passphrase, commonName: made.commonName, expiresAt: made.expiresAt })
    .onConflictDoNothing({ target: signingCertificates.id });
  const stored = await readStored(database);
  if (!stored) throw new Error("The signing certificate was inserted but cannot be read back.");
  return stored;
}

async function readStored(database: Database): Promise<SigningCertificate | undefined> {
  const [row] = await database.select({ p12: signingCertificates.p12, passphrase: signingCertificates.passphrase }).from(signingCertificates).where(eq(signingCertificates.id, ROW_ID));
  return row ? { p12: Buffer.from(row.p12, "base64"), passphrase: row.passphrase, source: "self-signed" } : undefined;
}

/**
 * An RSA 2048 key (made by Node's native crypto: node-forge's own key generation takes seconds)
 * and a certificate for it signed by itself, valid ten years, as a PKCS#12 file.
 */
async function makeSelfSignedCertificate(commonName: string, now: Date): Promise<{ p12: Buffer; passphrase: string; commonName: string; expiresAt: Date }> {
  const { default: forge } = await import("node-forge");
  const { privateKey, publicKey } = await promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: the first byte's high bit clear.
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = now;
  const expiresAt = new Date(now);
  expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + VALID_YEARS);
  certificate.validity.notAfter = expiresAt;
  const subject = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: commonName },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  const key = forge.pki.privateKeyFromPem(privateKey);
  certificate.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString("base64url");
  const archive = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: "aes256", friendlyName: commonName });
  const p12 = Buffer.from(forge.asn1.toDer(archive).getBytes(), "binary");
  return { p12, passphrase, commonName, expiresAt };
}

/**
 * Makes the self-signed signing certificate in the embedded database of `dataDir` (no app may hold
 * it), as an app's first start would: an app started on a copy finds it there instead of making
 * its own, half a second of CPU for every browser test file's app. The tests of making it are the
 * integration files' (signing-certificate.test.ts).
 */
export async function makeSigningCertificate(dataDir: string): Promise<void> {
  const { openEmbeddedDatabase } = await import("~/db/embedded-database.server");
  const { storedSigningCertificate } = await import("~/signing/signing-certificate.server");
  const { DEFAULT_ORGANIZATION } = await import("~/organization/settings.server");
  const database = await openEmbeddedDatabase(dataDir);
  try {
    await storedSigningCertificate({ database: database.db, commonName: DEFAULT_ORGANIZATION.companyName });
  } finally {
    await database.close();
  }
}

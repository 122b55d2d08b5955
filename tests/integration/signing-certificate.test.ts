import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "~/config.server";
import { db } from "~/db/connection.server";
import { signingCertificates } from "~/signing/schema";
import { DEFAULT_CERTIFICATE_NAME, loadSigningCertificate, storedSigningCertificate } from "~/signing/signing-certificate.server";
import { writeP12File } from "../support/signing-certificate-file";
import { withTestDatabase } from "../support/test-database";

// The agency's signing certificate (decision 049): a configured .p12 opened at start, or a
// self-signed one made once, on first use, and kept in the database. Also on PostgreSQL, where
// two processes may make the first one at the same moment.

withTestDatabase();

/** The subject CN and validity of the certificate in a PKCS#12 file, as node-forge reads it. */
function certificateIn(p12: Buffer, passphrase: string) {
  const archive = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))), false, passphrase);
  const [bag] = archive.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const keys = archive.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
  if (!bag?.cert) throw new Error("no certificate in the file");
  return { commonName: bag.cert.subject.getField("CN")?.value, notBefore: bag.cert.validity.notBefore, notAfter: bag.cert.validity.notAfter, keys: keys.length };
}

describe("the self-signed certificate", () => {
  it("is made on first use with the agency's name, kept in the database, and the same on every later load", async () => {
    expect(await db().select().from(signingCertificates)).toEqual([]);
    const first = await storedSigningCertificate({ database: db(), commonName: "Northwind Studio" });
    expect(first.source).toBe("self-signed");
    const made = certificateIn(first.p12, first.passphrase);
    expect(made).toMatchObject({ commonName: "Northwind Studio", keys: 1 });
    expect(made.notAfter.getUTCFullYear() - made.notBefore.getUTCFullYear()).toBe(10);

    const rows = await db().select().from(signingCertificates);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: "agency", commonName: "Northwind Studio", p12: first.p12.toString("base64"), passphrase: first.passphrase });

    // A later load (another process, or after a restart) reads the one kept, whatever name it is given.
    const later = await storedSigningCertificate({ database: db(), commonName: "Renamed Studio" });
    expect(later.p12.equals(first.p12)).toBe(true);
    const loaded = await loadSigningCertificate({ commonName: "Renamed Studio" });
    expect(loaded).toMatchObject({ source: "self-signed", passphrase: first.passphrase });
    expect(loaded.p12.equals(first.p12)).toBe(true);
    expect(await db().select().from(signingCertificates)).toHaveLength(1);
  });

  it(`is named "${DEFAULT_CERTIFICATE_NAME}" while the agency has no name`, async () => {
    const made = await storedSigningCertificate({ database: db(), commonName: "  " });
    expect(certificateIn(made.p12, made.passphrase).commonName).toBe(DEFAULT_CERTIFICATE_NAME);
  });

  it("made by several at once, ends as one certificate that all of them use", async () => {
    const made = await Promise.all(Array.from({ length: 4 }, (_, index) => storedSigningCertificate({ database: db(), commonName: `Maker ${index}` })));
    const rows = await db().select().from(signingCertificates);
    expect(rows).toHaveLength(1);
    for (const certificate of made) {
      expect(certificate.p12.toString("base64")).toBe(rows[0].p12);
      expect(certificate.passphrase).toBe(rows[0].passphrase);
    }
  });
});

describe("a configured certificate (SIGNING_CERT_P12, SIGNING_CERT_PASSPHRASE)", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "signing-config-"));
  const file = path.join(folder, "agency.p12");
  writeP12File({ file, commonName: "Northwind Studio LLC", passphrase: "correct horse" });

  it("is read and opened at start", () => {
    const settings = readConfig({ SIGNING_CERT_P12: file, SIGNING_CERT_PASSPHRASE: "correct horse" });
    expect(settings.signingCertificate).toMatchObject({ passphrase: "correct horse", commonName: "Northwind Studio LLC" });
    expect(certificateIn(settings.signingCertificate?.p12 ?? Buffer.alloc(0), "correct horse").commonName).toBe("Northwind Studio LLC");
    expect(readConfig({}).signingCertificate).toBeNull();
  });

  it("with a wrong passphrase stops the start, naming SIGNING_CERT_PASSPHRASE", () => {
    expect(() => readConfig({ SIGNING_CERT_P12: file, SIGNING_CERT_PASSPHRASE: "wrong horse" })).toThrow(ConfigError);
    expect(() => readConfig({ SIGNING_CERT_P12: file, SIGNING_CERT_PASSPHRASE: "wrong horse" })).toThrow(/SIGNING_CERT_PASSPHRASE: does not open .*agency\.p12: wrong passphrase/);
  });

  it("needs both variables, and a readable PKCS#12 file, each refusal naming the variable", () => {
    expect(() => readConfig({ SIGNING_CERT_P12: file })).toThrow(/SIGNING_CERT_PASSPHRASE: a signing certificate needs both/);
    expect(() => readConfig({ SIGNING_CERT_PASSPHRASE: "correct horse" })).toThrow(/SIGNING_CERT_PASSPHRASE: a signing certificate needs both/);
    expect(() => readConfig({ SIGNING_CERT_P12: path.join(folder, "missing.p12"), SIGNING_CERT_PASSPHRASE: "x" })).toThrow(/SIGNING_CERT_P12: cannot read the file .*missing\.p12 \(ENOENT\)/);
    const notP12 = path.join(folder, "certificate.pem");
    writeFileSync(notP12, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    expect(() => readConfig({ SIGNING_CERT_P12: notP12, SIGNING_CERT_PASSPHRASE: "x" })).toThrow(/SIGNING_CERT_P12: .*is not a PKCS#12/);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~/db/connection.server";
import { sha256Hex } from "~/signing/contract-hash";
import { signingCertificates } from "~/signing/schema";
import { renderSealedContractPdf } from "~/signing/sealed-contract-pdf.server";
import { loadSigningCertificate } from "~/signing/signing-certificate.server";
import { pdfSignatures } from "../support/pdf-tools";
import { writeP12File } from "../support/signing-certificate-file";
import { withTestDatabase } from "../support/test-database";

// The agency brings its own certificate: with SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE set
// (before the configuration is first read), contracts are sealed with it and none is made.

const file = path.join(mkdtempSync(path.join(tmpdir(), "signing-configured-")), "agency.p12");
writeP12File({ file, commonName: "Northwind Studio LLC (documents)", passphrase: "brought by the agency" });
Object.assign(process.env, { SIGNING_CERT_P12: file, SIGNING_CERT_PASSPHRASE: "brought by the agency" });

withTestDatabase();

describe("a contract sealed with the agency's own certificate", () => {
  it("is signed by the configured certificate, valid by pdfsig, and no self-signed one is made", async () => {
    expect((await loadSigningCertificate()).source).toBe("configured");
    const contractText = "# Agreement\n\nThe agreed work.";
    const pdf = await renderSealedContractPdf({
      agency: { name: "Northwind Studio", email: null },
      title: "Website proposal",
      contractText,
      contractSha256: sha256Hex(contractText),
      signer: { name: "Ann Lee", email: "ann@example.com" },
      events: [{ label: "Signed", occurredAt: new Date("2026-11-24T18:05:00.000Z"), ipAddress: "203.0.113.9", userAgent: "Mozilla/5.0" }],
      timeZone: "UTC",
    });
    const report = await pdfSignatures(pdf);
    expect(report).toContain("Signer Certificate Common Name: Northwind Studio LLC (documents)");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(await db().select().from(signingCertificates)).toEqual([]);
  });
});

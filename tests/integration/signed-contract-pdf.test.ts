import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/formatting/dates";
import { sha256Hex } from "~/signing/contract-hash";
import { renderSealedContractPdf, type SealedContractInput } from "~/signing/sealed-contract-pdf.server";
import { pdfPages, pdfSignatures } from "../support/pdf-tools";
import { withTestDatabase } from "../support/test-database";

// Issue 44's "record that holds up", judged from outside: pdftotext reads the certificate page,
// Poppler's pdfsig verifies the digital signature over the whole file, and reports it broken
// after one byte changes. The certificate here is the self-signed one, made on first use.

withTestDatabase();

const clause = (number: number) =>
  `${number}.1 The Studio will deliver the work described in this section within the agreed schedule, and the Client will give feedback within five business days of each delivery. Clause ${number} marker.`;
const contractText = [
  "# Website services agreement",
  "",
  "Between Northwind Studio and Ann Lee, effective on the date of signing.",
  ...Array.from({ length: 24 }, (_, index) => [``, `## ${index + 1}. Section ${index + 1}`, ``, clause(index + 1), `- first point of section ${index + 1}`, `- second point`]).flat(),
].join("\n");

const events: SealedContractInput["events"] = [
  { label: "Sent", occurredAt: new Date("2026-11-20T15:00:00.000Z"), ipAddress: null, userAgent: null },
  { label: "Opened", occurredAt: new Date("2026-11-24T17:58:12.000Z"), ipAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)" },
  { label: "Consented to electronic records and signatures", occurredAt: new Date("2026-11-24T18:04:40.000Z"), ipAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)" },
  { label: "Signed", occurredAt: new Date("2026-11-24T18:05:00.000Z"), ipAddress: "2001:db8::7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" },
];

const input: SealedContractInput = {
  agency: { name: "Northwind Studio", email: "hello@northwind.example" },
  title: "Website proposal for Ann Lee",
  contractText,
  contractSha256: sha256Hex(contractText),
  signer: { name: "Ann Lee", email: "ann@example.com" },
  events,
  timeZone: "America/New_York",
};

/** Runs of white space as one space: pdftotext's line breaks fall where the page's do. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** The file with the bytes of `original` at the first occurrence of `original` replaced by `replacement`, as long. */
function changed(pdf: Uint8Array, original: string, replacement: string): Uint8Array {
  const bytes = Buffer.from(pdf);
  const at = bytes.indexOf(original, 0, "latin1");
  expect(at).toBeGreaterThanOrEqual(0);
  expect(replacement.length).toBe(original.length);
  bytes.write(replacement, at, "latin1");
  return new Uint8Array(bytes);
}

describe("the sealed contract PDF", () => {
  it("holds the whole contract over several pages, then a certificate page naming the signer, each event's time, address and browser, and the hash", async () => {
    const pages = await pdfPages(await renderSealedContractPdf(input));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const contract = flat(pages.slice(0, -1).join(" "));
    expect(flat(pages[0])).toContain("Website proposal for Ann Lee");
    expect(flat(pages[0])).toContain("Website services agreement");
    for (let number = 1; number <= 24; number += 1) {
      expect(contract).toContain(`${number}. Section ${number}`);
      expect(contract).toContain(`Clause ${number} marker.`);
    }
    // Every page carries the document's hash and its place.
    for (const [index, page] of pages.entries()) expect(flat(page)).toContain(`Contract SHA-256 ${input.contractSha256} · Page ${index + 1} of ${pages.length}`);

    const certificate = flat(pages.at(-1) ?? "");
    expect(certificate.trimStart().startsWith("Signing certificate")).toBe(true);
    expect(certificate).toContain("Name: Ann Lee");
    expect(certificate).toContain("E-mail: ann@example.com");
    expect(certificate).toContain(`SHA-256 of the contract text as signed: ${input.contractSha256}`);
    for (const event of events) {
      expect(certificate).toContain(event.label);
      expect(certificate).toContain(`Time: ${formatDateTime(event.occurredAt, "America/New_York")} (America/New_York), ${event.occurredAt.toISOString()} (UTC)`);
      expect(certificate).toContain(`IP address: ${event.ipAddress ?? "not recorded"}`);
      expect(certificate).toContain(`User agent: ${event.userAgent ?? "not recorded"}`);
    }
    expect(certificate).toContain("Time: Nov 24, 2026 1:05 PM (America/New_York), 2026-11-24T18:05:00.000Z (UTC)");
  });

  it("is signed over the whole file with the agency's certificate, and pdfsig finds the signature valid", async () => {
    const report = await pdfSignatures(await renderSealedContractPdf(input));
    expect(report).toContain("Signature Type: adbe.pkcs7.detached");
    expect(report).toContain("Signing Hash Algorithm: SHA-256");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    // The self-signed certificate, named after the agency (and, being nobody's issued one, not trusted).
    expect(report).toContain("Signer Certificate Common Name: Northwind Studio");
    expect(report).toMatch(/Certificate Validation: Certificate issuer is unknown/);
  });

  it("is reported invalid after any one byte of the signed file changes: the header, the document's title, the signature's own reason", async () => {
    const pdf = await renderSealedContractPdf(input);
    for (const [original, replacement] of [
      ["%PDF-1.3", "%PDF-1.4"],
      ["Website proposal for Ann Lee", "Website proposal for Ann Lea"],
      ["(Signed contract)", "(Signed contrakt)"],
    ] as const) {
      const report = await pdfSignatures(changed(pdf, original, replacement));
      expect(report, `after changing ${original}`).toContain("Signature Validation: Digest Mismatch.");
      expect(report).not.toContain("Signature is Valid");
    }
  });

  it("refuses to seal a contract whose SHA-256 is not its text's, rather than state a false hash", async () => {
    await expect(renderSealedContractPdf({ ...input, contractSha256: sha256Hex(`${contractText} `) })).rejects.toThrow(/not the SHA-256 of its text/);
  });
});

import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import { formatDateTime } from "~/formatting/dates";
import { contractBlocks } from "./contract-blocks";
import { sha256Hex } from "./contract-hash";
import { addSignaturePlaceholder, type SignablePdfDocument } from "./signature-placeholder.server";
import { loadSigningCertificate } from "./signing-certificate.server";

export type SealedContractInput = {
  agency: { name: string; email: string | null };
  title: string;
  /** The contract exactly as signed; lines starting with `#` are headings, blank lines end paragraphs. */
  contractText: string;
  /** sha256Hex(contractText): checked, so that the certificate page can only state the truth. */
  contractSha256: string;
  signer: { name: string; email: string };
  /** The record's events in order, each with its label as the certificate page shows it ("Signed"). */
  events: Array<{ label: string; occurredAt: Date; ipAddress: string | null; userAgent: string | null }>;
  /** The agency's time zone, in which the certificate page shows each time (beside UTC). */
  timeZone: string;
};

export const SIGNATURE_REASON = "Signed contract";
export const CERTIFICATE_HEADING = "Signing certificate";

const MARGIN = 56;
const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const HEADING_SIZES = [18, 14, 12] as const;

/**
 * The signed contract as a PDF (decision 049): the contract, a certificate page (the signer, each
 * event's time, address and browser, the document's SHA-256), then a digital signature over the
 * whole file (adbe.pkcs7.detached, @signpdf) with the agency's certificate, so that any changed
 * byte shows in a PDF reader or in `pdfsig`. Made with pdfkit in process and its standard fonts,
 * as the invoice PDF is, so the text is extractable (pdftotext).
 *
 * Call it outside a transaction (before it, with what will be recorded): on first use it makes and
 * stores the self-signed certificate on the database's own connection, which on the embedded
 * database waits for an open transaction to end. `loadSigningCertificate` run earlier keeps it in memory.
 */
export async function renderSealedContractPdf(input: SealedContractInput): Promise<Uint8Array> {
  if (sha256Hex(input.contractText) !== input.contractSha256) {
    throw new Error("The contract's SHA-256 is not the SHA-256 of its text: the sealed PDF would state a false hash.");
  }
  const certificate = await loadSigningCertificate({ commonName: input.agency.name });
  // Loaded on the first contract, not at every start of the server (as the invoice PDF).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: input.title, Author: input.agency.name, Subject: `Contract signed by ${input.signer.name}` },
  });
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  writeContract(doc, input);
  doc.addPage();
  writeCertificatePage(doc, input);
  writeFooters(doc, input.contractSha256);

  addSignaturePlaceholder(doc as unknown as SignablePdfDocument, {
    reason: SIGNATURE_REASON,
    name: input.agency.name,
    contactInfo: input.agency.email ?? "",
    location: "",
    signingTime: new Date(),
  });
  doc.end();
  const unsigned = await ended;
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  const signed = await new SignPdf().sign(unsigned, signer);
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}

type Doc = PDFKit.PDFDocument;

function writeContract(doc: Doc, input: SealedContractInput): void {
  doc.font("Helvetica").fontSize(9).fillColor("#555555").text(input.agency.name, { width: WIDTH });
  doc.font("Helvetica-Bold").fontSize(20).fillColor("#000000").text(input.title, { width: WIDTH });
  doc.moveDown(0.8);
  for (const block of contractBlocks(input.contractText)) {
    if (block.kind === "heading") {
      const size = HEADING_SIZES[Math.min(block.level, HEADING_SIZES.length) - 1];
      // A heading never ends a page: it goes over with the text it heads.
      if (doc.y + size * 4 > PAGE_HEIGHT - MARGIN) doc.addPage();
      doc.moveDown(0.4).font("Helvetica-Bold").fontSize(size).text(block.text, { width: WIDTH });
      doc.moveDown(0.3);
    } else {
      doc.font("Helvetica").fontSize(10.5).text(block.text, { width: WIDTH, lineGap: 2 });
      doc.moveDown(0.6);
    }
  }
}

function writeCertificatePage(doc: Doc, input: SealedContractInput): void {
  doc.font("Helvetica-Bold").fontSize(20).fillColor("#000000").text(CERTIFICATE_HEADING, { width: WIDTH });
  doc.font("Helvetica").fontSize(10).fillColor("#444444").text(`${input.title}, sealed by ${input.agency.name}${input.agency.email ? ` (${input.agency.email})` : ""}`, { width: WIDTH });
  doc.moveDown(1);

  section(doc, "Signer");
  fact(doc, "Name", input.signer.name);
  fact(doc, "E-mail", input.signer.email);
  doc.moveDown(0.8);

  section(doc, "Document");
  fact(doc, "SHA-256 of the contract text as signed", "");
  doc.font("Courier").fontSize(9.5).fillColor("#000000").text(input.contractSha256, { width: WIDTH });
  doc.moveDown(0.8);

  section(doc, "Events");
  for (const event of input.events) {
    if (doc.y + 80 > PAGE_HEIGHT - MARGIN) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(10.5).fillColor("#000000").text(event.label, { width: WIDTH });
    fact(doc, "Time", `${formatDateTime(event.occurredAt, input.timeZone)} (${input.timeZone}), ${event.occurredAt.toISOString()} (UTC)`);
    fact(doc, "IP address", event.ipAddress ?? "not recorded");
    fact(doc, "User agent", event.userAgent ?? "not recorded");
    doc.moveDown(0.6);
  }

  doc.moveDown(0.4);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#444444")
    .text(
      `This file carries a digital signature of ${input.agency.name} over all of its bytes (${SIGNATURE_REASON}). A PDF reader shows whether it is intact: any change to the file after it was signed makes the signature invalid.`,
      { width: WIDTH },
    );
}

function section(doc: Doc, title: string): void {
  doc.font("Helvetica-Bold").fontSize(12).fillColor("#000000").text(title, { width: WIDTH });
  doc.moveDown(0.2);
}

function fact(doc: Doc, label: string, value: string): void {
  doc.font("Helvetica-Bold").fontSize(10).fillColor("#000000").text(`${label}: `, { width: WIDTH, continued: value !== "" });
  if (value !== "") doc.font("Helvetica").text(value, { width: WIDTH });
}

/** Each page names the contract's hash and its place ("Page 2 of 5"), so a page cannot be swapped unnoticed on paper. */
function writeFooters(doc: Doc, contractSha256: string): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(7)
      .fillColor("#777777")
      .text(`Contract SHA-256 ${contractSha256}  ·  Page ${index + 1} of ${range.count}`, MARGIN, PAGE_HEIGHT - MARGIN / 2 - 4, { width: WIDTH, align: "center", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  // The signature field goes on the last page, the certificate's.
  doc.switchToPage(range.start + range.count - 1);
}

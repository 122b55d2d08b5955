import { ANNOTATION_FLAGS, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_SIGNATURE_LENGTH, SIG_FLAGS, SUBFILTER_ADOBE_PKCS7_DETACHED } from "@signpdf/utils";

/**
 * The part of a pdfkit document a signature field is added through: its object references, its
 * catalog and the current page. Not in @types/pdfkit; pdfkit's own source has them.
 */
type PdfReference = { data: Record<string, unknown>; end(): void };
export type SignablePdfDocument = {
  ref(data: Record<string, unknown>): PdfReference;
  initForm(): void;
  _root: { data: { AcroForm?: PdfReference & { data: { Fields: PdfReference[] } } } };
  page: { dictionary: PdfReference; annotations: PdfReference[] };
};

/**
 * Adds to the document, before it ends, an invisible signature field on the current page and the
 * signature dictionary @signpdf fills in: a ByteRange and a zeroed Contents placeholder, to be
 * replaced by the PKCS#7 signature of every byte around it. The document must have a font set. What @signpdf/placeholder-pdfkit does;
 * that package is for pdfkit 0.11 (npm refuses it beside our 0.20), and @signpdf/placeholder-plain
 * installs a second, old pdfkit of its own.
 */
export function addSignaturePlaceholder(
  doc: SignablePdfDocument,
  seal: { reason: string; name: string; contactInfo: string; location: string; signingTime: Date },
): void {
  // PDF strings are String objects to pdfkit; a plain string would be written as a /Name.
  const text = (value: string) => new String(value);
  const signature = doc.ref({
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    ByteRange: [0, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER],
    Contents: new Uint8Array(DEFAULT_SIGNATURE_LENGTH),
    Reason: text(seal.reason),
    M: seal.signingTime,
    ContactInfo: text(seal.contactInfo),
    Name: text(seal.name),
    Location: text(seal.location),
    Prop_Build: { Filter: { Name: "Adobe.PPKLite" } },
  });
  const widget = doc.ref({
    Type: "Annot",
    Subtype: "Widget",
    FT: "Sig",
    Rect: [0, 0, 0, 0],
    V: signature,
    T: text("Signature1"),
    F: ANNOTATION_FLAGS.PRINT,
    P: doc.page.dictionary,
  });
  doc.page.annotations.push(widget);
  // pdfkit's own form (it writes the form when the document ends), holding only the signature.
  doc.initForm();
  const form = doc._root.data.AcroForm;
  if (!form) throw new Error("pdfkit made no form");
  delete form.data.NeedAppearances;
  form.data.SigFlags = SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY;
  form.data.Fields.push(widget);
  signature.end();
  widget.end();
}

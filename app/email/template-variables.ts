/**
 * The variables an e-mail template may use, each with what it holds and a realistic sample
 * for previews, test sends and the sandbox. A placeholder not listed here is refused when a
 * template is saved. Pure: read by the editor, the preview and the sandbox.
 */
export type TemplateVariable = { name: string; description: string; sample: string };

/** {{FirstName}}: the first word of the recipient's name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: "FirstName", description: "The recipient's first name", sample: "Jordan" },
  { name: "Tier", description: "The package tier, as the catalogue names it", sample: "Tier 3 – Professional Automation" },
  { name: "Offer", description: "The offer's title", sample: "$99 Launch Offer" },
  { name: "PromoPrice", description: "The launch offer's price, as the tier catalog (Settings) has it", sample: "$99" },
  { name: "ExpiryDate", description: "When the promo code expires", sample: "Tuesday, December 1, 2026" },
  { name: "PromoCode", description: "The visitor's promo code", sample: "LAUNCH-7K2QX9" },
  { name: "CompanyName", description: "The agency's name (Settings)", sample: "Bright Pixel Studio" },
  { name: "BusinessType", description: "The lead's business type", sample: "Restaurant / Food" },
  { name: "Message", description: "The message the lead wrote", sample: "We need a site for our new bakery." },
  { name: "LeadName", description: "The lead's full name", sample: "Jordan Rivera" },
  { name: "LeadEmail", description: "The lead's e-mail address", sample: "jordan@example.com" },
  { name: "LeadPhone", description: "The lead's phone number", sample: "(555) 010-2030" },
  { name: "Source", description: "Where the lead came from", sample: "Promo claim" },
  { name: "Status", description: "A status (lead, booking)", sample: "Confirmed" },
  { name: "BookingLink", description: "The lead's personal booking link", sample: "https://example.com/booking/sample-token" },
  { name: "MeetingLink", description: "The consultation's meeting link", sample: "https://meet.example.com/abc-defg-hij" },
  { name: "When", description: "The consultation's date and time", sample: "Thursday, December 3, 2026 at 10:00 AM EST" },
  { name: "ProposedTimes", description: "Times offered in an invitation", sample: "Dec 3, 10:00 AM; Dec 4, 2:30 PM" },
  { name: "ConsultType", description: "The consultation's type", sample: "Discovery call" },
  { name: "DaysAhead", description: "Days until the consultation", sample: "1" },
  { name: "Notes", description: "Notes added by the agency", sample: "Bring your logo files." },
  { name: "InvoiceNumber", description: "The invoice's number", sample: "INV-2026-0042" },
  { name: "InvoiceLink", description: "The invoice's public link", sample: "https://example.com/invoice/sample-token" },
  { name: "Total", description: "The invoice total", sample: "$1,499.00" },
  { name: "Balance", description: "The amount still due", sample: "$750.00" },
  { name: "DueDate", description: "The invoice's due date", sample: "December 15, 2026" },
  { name: "DueWhen", description: "When it is due, in words", sample: "in 7 days" },
  { name: "PaymentInstruction", description: "How to pay", sample: "Pay by bank transfer; call (555) 010-2030 for details." },
  { name: "AmountPaid", description: "The amount of a payment just received", sample: "$750.00" },
  { name: "PaidOn", description: "The day a payment was received", sample: "December 1, 2026" },
  { name: "ClientName", description: "The client's name", sample: "Mesa Verde Catering" },
  { name: "PaymentReference", description: "The card payment's reference at Stripe", sample: "pi_3QxSample0000000000000000" },
  { name: "AdminInvoiceLink", description: "The invoice's page in the back-office", sample: "https://example.com/admin/invoices/sample-id" },
  { name: "InvitationLink", description: "The admin invitation's one-time link", sample: "https://example.com/auth/invitation/sample-token" },
  { name: "InvitedBy", description: "Who sent the admin invitation", sample: "Dana Owner" },
  { name: "AdminChange", description: "Which admin was invited, added or removed, and by whom", sample: "Dana Owner invited sam@example.com to be an admin" },
  { name: "ValidUntil", description: "When a one-time link stops working", sample: "Friday, December 4, 2026, 9:00 AM" },
  { name: "SignInLink", description: "The back-office's sign-in page", sample: "https://example.com/auth" },
  { name: "PortalLink", description: "The client portal's address, where a client asks for a sign-in link", sample: "https://example.com/portal" },
  { name: "PortalSignInLink", description: "A client's one-time link into their portal", sample: "https://example.com/portal/sign-in/sample-token" },
  { name: "ProposalTitle", description: "The proposal's title", sample: "Website for Mesa Verde Catering" },
  { name: "PersonalNote", description: "The proposal's personal note (nothing when it has none)", sample: "Great to meet you on Tuesday: here are the two options we talked about." },
  { name: "ProposalLink", description: "The client's link to their proposal, where they choose, sign and pay the deposit", sample: "https://example.com/proposal/sample-token" },
  { name: "SignerName", description: "The full legal name a contract was signed with", sample: "Jordan Rivera" },
  { name: "ContractHash", description: "The SHA-256 of the signed contract's text", sample: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" },
  { name: "UnsubscribeLink", description: "The recipient's one-click unsubscribe link (marketing mail)", sample: "https://example.com/unsubscribe/sample-token" },
] as const;

export const TEMPLATE_VARIABLE_NAMES: ReadonlySet<string> = new Set(TEMPLATE_VARIABLES.map((variable) => variable.name));

/** Sample values for every variable: the preview, 'send test' and the sandbox fill templates with these. */
export function sampleTemplateValues(): Record<string, string> {
  return Object.fromEntries(TEMPLATE_VARIABLES.map((variable) => [variable.name, variable.sample]));
}

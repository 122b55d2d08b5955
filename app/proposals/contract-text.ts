// A contract template filled with a proposal and the client's choice. Pure: the same text is shown,
// frozen, hashed and sealed, so it is made in one place.

export const CONTRACT_PLACEHOLDERS = [
  { name: "ClientName", description: "The client's name" },
  { name: "ClientEmail", description: "The client's e-mail address" },
  { name: "BusinessName", description: "The agency's business name (Settings)" },
  { name: "Package", description: "The package the client chose" },
  { name: "AddOns", description: "The add-ons of the choice, one a line" },
  { name: "Scope", description: "The package's checklist, one task a line" },
  { name: "Price", description: "The total price" },
  { name: "Deposit", description: "The deposit due on signing" },
  { name: "Remainder", description: "What is due after the deposit" },
  { name: "Date", description: "Today's date" },
  { name: "ExpiryDate", description: "The proposal's expiry date" },
] as const;

export type ContractValues = Record<(typeof CONTRACT_PLACEHOLDERS)[number]["name"], string>;

const KNOWN = new Set<string>(CONTRACT_PLACEHOLDERS.map((placeholder) => placeholder.name));

/** Placeholders a template names that the contract cannot fill: refused when a template is saved. */
export function unknownPlaceholders(body: string): string[] {
  return [...new Set([...body.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? ""))].filter((name) => !KNOWN.has(name));
}

/** The template with each `{{Name}}` replaced by its value. */
export function renderContract(body: string, values: ContractValues): string {
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (KNOWN.has(name) ? values[name as keyof ContractValues] : whole)).trim();
}

export const DEFAULT_CONTRACT_NAME = "Website services agreement";

export const DEFAULT_CONTRACT_BODY = `# Website services agreement

This agreement is made on {{Date}} between {{BusinessName}} ("the agency") and {{ClientName}} ({{ClientEmail}}, "the client").

## 1. Services
The agency will build the client's website as the package {{Package}}.
Add-ons:
{{AddOns}}

Scope of work:
{{Scope}}

## 2. Price and payment
The total price is {{Price}}. A deposit of {{Deposit}} is due on signing; work starts once it is paid. The remainder of {{Remainder}} is due on delivery.

## 3. Changes
Work outside the scope above is quoted separately and starts only once the client agrees to it in writing.

## 4. Ownership
Once everything due is paid, the client owns the website's content and design. The agency may show the finished site in its portfolio.

## 5. Cancellation
Either party may end this agreement in writing. The deposit pays for the work done up to then and is not refunded.

This offer is valid until {{ExpiryDate}}.`;

import { emailBody, letter, link, paragraph, smallPrint, SMALL_PRINT, type DefaultEmailTemplate } from "./default-template-parts";

const openProposal = { text: "{{ProposalLink}}", html: '<p><a href="{{ProposalLink}}">Open your proposal</a></p>' };

/** The e-mails of proposals (issue 44): the link, its reminder, and the signed contract to both sides. */
export const PROPOSAL_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "proposal",
    name: "Proposal (the client's link to choose, sign and pay the deposit)",
    subject: "Your proposal from {{CompanyName}}: {{ProposalTitle}}",
    preheader: "Choose your package, read the agreement and sign, all in one link.",
    ...letter(
      paragraph("{{PersonalNote}}"),
      paragraph("Here is your proposal, **{{ProposalTitle}}**. Choose your package and options, read the agreement and sign it, then pay the deposit, all from this link:"),
      openProposal,
      paragraph("The proposal is valid until {{ExpiryDate}}."),
    ),
  },
  {
    key: "proposal_reminder",
    name: "Proposal reminder (not signed yet)",
    subject: "Reminder: your proposal {{ProposalTitle}}",
    preheader: "Your proposal is waiting for you until {{ExpiryDate}}.",
    ...letter(paragraph("A friendly reminder: your proposal **{{ProposalTitle}}** is waiting for you until {{ExpiryDate}}."), openProposal),
  },
  {
    key: "proposal_signed",
    name: "Signed contract (to the client, with the sealed PDF)",
    subject: "Your signed agreement with {{CompanyName}}",
    preheader: "Your signed agreement is attached.",
    ...letter(
      paragraph("Thank you! Your signed agreement for **{{ProposalTitle}}** is attached as a PDF, sealed with our digital signature."),
      {
        text: "Signed by: {{SignerName}}\nDocument SHA-256: {{ContractHash}}",
        html: `<p><strong>Signed by:</strong> {{SignerName}}<br><span style="${SMALL_PRINT}">Document SHA-256: {{ContractHash}}</span></p>`,
      },
      link("Your deposit invoice and how to pay it", "{{ProposalLink}}"),
    ),
  },
  {
    key: "proposal_signed_notification",
    name: "Proposal signed (to the agency, with the sealed PDF)",
    subject: "Signed: {{ProposalTitle}} by {{SignerName}}",
    preheader: "{{ClientName}} signed; the deposit invoice is sent.",
    ...emailBody(
      paragraph("{{ClientName}} signed the proposal **{{ProposalTitle}}** as {{SignerName}}. The sealed PDF is attached; the project and the invoices are made."),
      smallPrint("Document SHA-256: {{ContractHash}}"),
    ),
  },
];

import { signature, type DefaultEmailTemplate } from "./default-template-parts";

/** The e-mails of proposals (issue 44): the link, its reminder, and the signed contract to both sides. */
export const PROPOSAL_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "proposal",
    name: "Proposal (the client's link to choose, sign and pay the deposit)",
    subject: "Your proposal from {{CompanyName}}: {{ProposalTitle}}",
    preheader: "Choose your package, read the agreement and sign, all in one link.",
    bodyText: `Hi {{FirstName}},

Here is your proposal, {{ProposalTitle}}. Choose your package and options, read the agreement and sign it, then pay the deposit, all from this link:

{{ProposalLink}}

The proposal is valid until {{ExpiryDate}}.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Here is your proposal, <strong>{{ProposalTitle}}</strong>. Choose your package and options, read the agreement and sign it, then pay the deposit, all from this link:</p>
<p><a href="{{ProposalLink}}">Open your proposal</a></p>
<p>The proposal is valid until {{ExpiryDate}}.</p>
${signature.html}`,
  },
  {
    key: "proposal_reminder",
    name: "Proposal reminder (not signed yet)",
    subject: "Reminder: your proposal {{ProposalTitle}}",
    preheader: "Your proposal is waiting for you until {{ExpiryDate}}.",
    bodyText: `Hi {{FirstName}},

A friendly reminder: your proposal {{ProposalTitle}} is waiting for you until {{ExpiryDate}}.

{{ProposalLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>A friendly reminder: your proposal <strong>{{ProposalTitle}}</strong> is waiting for you until {{ExpiryDate}}.</p>
<p><a href="{{ProposalLink}}">Open your proposal</a></p>
${signature.html}`,
  },
  {
    key: "proposal_signed",
    name: "Signed contract (to the client, with the sealed PDF)",
    subject: "Your signed agreement with {{CompanyName}}",
    preheader: "Your signed agreement is attached.",
    bodyText: `Hi {{FirstName}},

Thank you! Your signed agreement for {{ProposalTitle}} is attached as a PDF, sealed with our digital signature.

Signed by: {{SignerName}}
Document SHA-256: {{ContractHash}}

Your deposit invoice and how to pay it: {{ProposalLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you! Your signed agreement for <strong>{{ProposalTitle}}</strong> is attached as a PDF, sealed with our digital signature.</p>
<p><strong>Signed by:</strong> {{SignerName}}<br><span style="font-size:13px;color:#52606d">Document SHA-256: {{ContractHash}}</span></p>
<p><a href="{{ProposalLink}}">Your deposit invoice and how to pay it</a></p>
${signature.html}`,
  },
  {
    key: "proposal_signed_notification",
    name: "Proposal signed (to the agency, with the sealed PDF)",
    subject: "Signed: {{ProposalTitle}} by {{SignerName}}",
    preheader: "{{ClientName}} signed; the deposit invoice is sent.",
    bodyText: `{{ClientName}} signed the proposal {{ProposalTitle}} as {{SignerName}}. The sealed PDF is attached; the project and the invoices are made.

Document SHA-256: {{ContractHash}}`,
    bodyHtml: `<p>{{ClientName}} signed the proposal <strong>{{ProposalTitle}}</strong> as {{SignerName}}. The sealed PDF is attached; the project and the invoices are made.</p>
<p style="font-size:13px;color:#52606d">Document SHA-256: {{ContractHash}}</p>`,
  },
];

/**
 * The catalogue of what the audit log records (decision 020): every action, with the shape of the
 * details its entry keeps. Each domain declares its own actions in its `audit-actions.ts`, by adding
 * to this interface (`declare module "~/audit/audit-actions"`), as domain events are declared
 * (decision 048). `recordAuditEntry` accepts only a declared action, with that action's details,
 * so a misspelt action, or details a reader of the log does not expect, fail the type check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each domain's declaration
export interface AuditActions {}

export type AuditAction = keyof AuditActions;

/** The details of an action that keeps none beyond its summary. */
export type NoAuditDetails = Record<string, never>;

/** The actions of one domain ("lead" → "lead.add-note" | …), for a service that audits several alike. */
export type AuditActionOf<Domain extends string> = Extract<AuditAction, `${Domain}.${string}`>;

/**
 * A change a domain's own audit helper takes (`recordInvoiceChange`): one of its declared intents
 * with that action's details, less the facts the helper adds itself (`Added`, such as the lead's id).
 */
export type AuditChangeOf<Domain extends string, Added extends string = never> = {
  [Action in AuditActionOf<Domain>]: {
    intent: Action extends `${Domain}.${infer Intent}` ? Intent : never;
    summary: string;
    details?: Omit<AuditActions[Action], Added>;
  };
}[AuditActionOf<Domain>];

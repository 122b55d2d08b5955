// Every table of the product, gathered for drizzle-kit (migrations) and the tests that walk every
// table. Each table is defined in its domain's folder; nothing else imports this.
export * from "~/auth/schema";
export * from "~/leads/schema";
export * from "~/clients/schema";
export * from "~/projects/schema";
export * from "~/invoices/schema";
export * from "~/invoices/schema";
export * from "~/add-ons/schema";
export * from "~/consultations/schema";
export * from "~/availability/schema";
export * from "~/organization/schema";
export * from "~/attribution/schema";
export * from "~/campaigns/send-schema";
export * from "~/referrals/schema";
export * from "~/email/schema";
export * from "~/cadences/schema";
export * from "~/site/schema";
export * from "~/request-safety/schema";
export * from "~/admin/schema";
export * from "~/audit/schema";
export * from "~/backups/schema";
export * from "~/portal/schema";
export * from "~/signing/schema";
export * from "~/proposals/schema";

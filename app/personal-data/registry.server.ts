import { addOnsPersonalData } from "~/add-ons/personal-data.server";
import { attributionPersonalData } from "~/attribution/personal-data.server";
import { adminPersonalData } from "~/admin/personal-data.server";
import { auditPersonalData } from "~/audit/personal-data.server";
import { authPersonalData } from "~/auth/personal-data.server";
import { availabilityPersonalData } from "~/availability/personal-data.server";
import { backupsPersonalData } from "~/backups/personal-data.server";
import { cadencesPersonalData } from "~/cadences/personal-data.server";
import { campaignsPersonalData } from "~/campaigns/personal-data.server";
import { clientsPersonalData } from "~/clients/personal-data.server";
import { consultationsPersonalData } from "~/consultations/personal-data.server";
import type { DomainPersonalData } from "~/db/personal-data.server";
import { emailPersonalData } from "~/email/personal-data.server";
import { invoicesPersonalData } from "~/invoices/personal-data.server";
import { leadsPersonalData } from "~/leads/personal-data.server";
import { portalPersonalData } from "~/portal/personal-data.server";
import { projectsPersonalData } from "~/projects/personal-data.server";
import { proposalsPersonalData } from "~/proposals/personal-data.server";
import { referralsPersonalData } from "~/referrals/personal-data.server";
import { requestSafetyPersonalData } from "~/request-safety/personal-data.server";
import { settingsPersonalData } from "~/organization/personal-data.server";
import { signingPersonalData } from "~/signing/personal-data.server";
import { sitePersonalData } from "~/site/personal-data.server";

/**
 * The personal-data registry: every domain's declaration of its tables (as app/schema.ts
 * gathers the tables themselves). Erasure and a person's export walk it in this order; a test
 * fails when a text or JSON column of app/schema.ts is in none of them.
 */
export const PERSONAL_DATA_REGISTRY: DomainPersonalData[] = [
  proposalsPersonalData,
  leadsPersonalData,
  clientsPersonalData,
  consultationsPersonalData,
  projectsPersonalData,
  invoicesPersonalData,
  referralsPersonalData,
  portalPersonalData,
  emailPersonalData,
  cadencesPersonalData,
  campaignsPersonalData,
  attributionPersonalData,
  authPersonalData,
  requestSafetyPersonalData,
  auditPersonalData,
  adminPersonalData,
  backupsPersonalData,
  settingsPersonalData,
  sitePersonalData,
  availabilityPersonalData,
  addOnsPersonalData,
  signingPersonalData,
];

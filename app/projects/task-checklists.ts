// The default per-tier task checklists (spec 001 §9: 11, 11, 11 and 10 tasks). Pure
// data: it seeds the `tier_task_templates` table, which is what the app reads when
// it creates a project's checklist or upgrades its tier.

import type { TierId } from "~/organization/tier-catalog";
import type { TaskCategory } from "./project-options";

export type ChecklistTask = {
  taskName: string;
  category: TaskCategory;
  sortOrder: number;
};

type Draft = readonly (readonly [category: TaskCategory, taskName: string])[];

// Sort orders step by 10 so a task can be slotted between two without renumbering.
function numbered(tasks: Draft): readonly ChecklistTask[] {
  return tasks.map(([category, taskName], i) => ({ taskName, category, sortOrder: (i + 1) * 10 }));
}

export const TIER_TASK_CHECKLISTS: Readonly<Record<TierId, readonly ChecklistTask[]>> = {
  // Tier 1 Starter: one page, up to 3 images, 1 revision, delivered within 7 days.
  "1": numbered([
    ["Setup", "Kickoff call and collect business details"],
    ["Setup", "Connect domain, hosting and SSL"],
    ["Design", "Choose colour palette, fonts and logo placement"],
    ["Design", "Design the one-page layout (hero, about, services, contact)"],
    ["Content", "Write headline and page copy"],
    ["Content", "Select and optimise up to 3 images"],
    ["Functionality", "Add click-to-call, e-mail and social links"],
    ["Content", "Set page title, meta description and favicon"],
    ["Testing", "Test on mobile, tablet and desktop browsers"],
    ["Revisions", "Revision round (1 included)"],
    ["Delivery", "Launch the site and hand off within 7 days"],
  ]),
  // Tier 2 Growth Site: up to 4 pages, contact form, services list, 2 revision rounds.
  "2": numbered([
    ["Setup", "Kickoff call and gather brand assets"],
    ["Setup", "Connect domain, hosting and SSL"],
    ["Design", "Plan site map and navigation (up to 4 pages)"],
    ["Design", "Design page templates with mobile layouts"],
    ["Content", "Write copy for home, about, services and contact pages"],
    ["Content", "Build the services list with descriptions and prices"],
    ["Functionality", "Contact form with e-mail notification"],
    ["Integrations", "Connect Google Maps, business profile and social links"],
    ["Testing", "Test forms, links and mobile responsiveness"],
    ["Revisions", "Revision rounds (up to 2)"],
    ["Delivery", "Launch and walk the client through the site"],
  ]),
  // Tier 3 Professional Automation: bookings, payments, delivery radius, automated
  // e-mails, coupons, analytics, 4 revisions.
  "3": numbered([
    ["Setup", "Discovery call, requirements and hosting setup"],
    ["Design", "Design custom pages and the booking flow"],
    ["Functionality", "Online booking system"],
    ["Integrations", "Payment processing (deposits and checkout)"],
    ["Functionality", "Delivery radius check"],
    ["Integrations", "Automated confirmation and reminder e-mails"],
    ["Functionality", "Coupons and promo codes"],
    ["Integrations", "Analytics tracking and reports"],
    ["Testing", "End-to-end test of bookings, payments and e-mails"],
    ["Revisions", "Revision rounds (up to 4)"],
    ["Delivery", "Launch with 30 days of priority support"],
  ]),
  // Tier 4 Premium Suite: multi-location booking, inventory, CRM, SMS and e-mail,
  // 60-day training and support, 5 revisions.
  "4": numbered([
    ["Setup", "Discovery workshop, requirements and infrastructure setup"],
    ["Design", "Design the multi-location site and admin portal"],
    ["Functionality", "Multi-location booking system"],
    ["Functionality", "Inventory management"],
    ["Integrations", "CRM setup and customer data import"],
    ["Integrations", "SMS and e-mail notifications"],
    ["Integrations", "Analytics dashboards per location"],
    ["Testing", "Full QA across locations, devices and roles"],
    ["Revisions", "Revision rounds (up to 5)"],
    ["Delivery", "Launch, staff training and 60 days of support"],
  ]),
};

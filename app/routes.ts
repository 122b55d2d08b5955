import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// One line per URL. Admin routes live under the admin layout; each of their
// loaders and actions calls requireAdmin (tests/admin-guard.test.ts proves it).
export default [
  layout("site/site-layout.tsx", [
    index("site/home-page.tsx"),
    route("how-it-works", "site/how-it-works-page.tsx"),
    route("packages", "site/packages-page.tsx"),
    route("portfolio", "site/portfolio-page.tsx"),
    route("about", "site/about-page.tsx"),
    route("contact", "site/contact-page.tsx"),
    route("thank-you", "site/thank-you-page.tsx"),
    route("*", "site/not-found-route.tsx"),
  ]),
  route("inquiry", "leads/inquiry-route.ts"),
  route("promo-claim", "leads/promo-claim-route.ts"),
  route("contact-message", "leads/contact-message-route.ts"),
  route("sitemap.xml", "site/sitemap-route.ts"),
  route("robots.txt", "site/robots-route.ts"),
  route("auth", "auth/auth-page.tsx"),
  route("booking/:token?", "booking/booking-page.tsx"),
  route("invoice/:token", "invoices/public-invoice-page.tsx"),
  route("invoice/:token/pdf", "invoices/public-invoice-pdf-route.ts"),
  route("auth/sign-out", "auth/sign-out-route.ts"),
  route("api/auth/*", "auth/auth-api-route.ts"),
  ...prefix("admin", [
    layout("admin/admin-layout.tsx", [
      index("admin/dashboard-page.tsx"),
      route("leads", "leads/leads-page.tsx"),
      route("leads/export", "leads/leads-export-route.ts"),
      route("leads/import", "leads/lead-import-page.tsx"),
      route("leads/:leadId", "leads/lead-detail-page.tsx"),
      route("clients", "clients/clients-page.tsx"),
      route("clients/:clientId", "clients/client-detail-page.tsx"),
      route("availability", "availability/availability-page.tsx"),
      route("consultations", "consultations/consultations-page.tsx"),
      route("bookings", "consultations/bookings-page.tsx"),
      route("booking-invitations", "consultations/booking-invitations-route.ts"),
      route("invoices", "invoices/invoices-page.tsx"),
      route("invoices/new", "invoices/new-invoice-page.tsx"),
      route("invoices/:invoiceId", "invoices/invoice-page.tsx"),
      route("invoices/:invoiceId/pdf", "invoices/invoice-pdf-route.ts"),
    ]),
    route("leads/:leadId/convert", "clients/convert-lead-route.ts"),
    route("clients/export", "clients/clients-export-route.ts"),
  ]),
] satisfies RouteConfig;

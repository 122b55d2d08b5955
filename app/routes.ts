import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// One line per URL. Admin routes live under the admin layout; each of their
// loaders and actions calls requireAdmin (tests/admin-guard.test.ts proves it).
export default [
  layout("site/site-layout.tsx", [
    index("site/home-page.tsx"),
    route("*", "site/not-found-route.tsx"),
  ]),
  route("inquiry", "leads/inquiry-route.ts"),
  route("auth", "auth/auth-page.tsx"),
  route("booking/:token?", "booking/booking-page.tsx"),
  route("auth/sign-out", "auth/sign-out-route.ts"),
  route("api/auth/*", "auth/auth-api-route.ts"),
  ...prefix("admin", [
    layout("admin/admin-layout.tsx", [
      index("admin/dashboard-page.tsx"),
      route("leads", "leads/leads-page.tsx"),
      route("availability", "availability/availability-page.tsx"),
      route("consultations", "consultations/consultations-page.tsx"),
      route("bookings", "consultations/bookings-page.tsx"),
      route("booking-invitations", "consultations/booking-invitations-route.ts"),
    ]),
  ]),
] satisfies RouteConfig;

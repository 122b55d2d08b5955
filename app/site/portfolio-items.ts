/** The portfolio as it ships (spec 000, Portfolio: two project cards). Seeded into portfolio_items. */
export const DEFAULT_PORTFOLIO_ITEMS = [
  {
    slug: "party-rental-platform",
    name: "Bounce & Bash Party Rentals",
    category: "Party rental platform",
    description:
      "A family-run bounce-house and tent rental company in Fort Worth was taking every order by phone. We built a site where parents browse inflatables, see what is free on their date, check that they are inside the delivery radius and pay a deposit online. Weekend phone calls dropped, and bookings now arrive while the owners sleep.",
    features: [
      "Live availability by date",
      "Online deposits and payments",
      "Delivery radius check by ZIP code",
      "Automated confirmation and reminder e-mails",
      "Coupon codes for repeat customers",
    ],
    tierLabel: "Tier 3 – Professional Automation",
    link: null,
    sortOrder: 1,
  },
  {
    slug: "home-catering-site",
    name: "Mesa Verde Home Catering",
    category: "Catering site",
    description:
      "A home caterer in Arlington had a loyal following on social media but nowhere to send new customers. Her new three-page site shows her menus and event photos, explains how ordering works and collects event details through a simple request form, so every inquiry arrives with the date, headcount and budget.",
    features: [
      "Menu and services pages",
      "Event photo gallery",
      "Quote request form with event details",
      "Mobile-first design",
      "Two rounds of revisions",
    ],
    tierLabel: "Tier 2 – Growth Site",
    link: null,
    sortOrder: 2,
  },
] as const;

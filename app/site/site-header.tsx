import { Link, NavLink } from "react-router";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { InquiryLink } from "./inquiry-link";
import { useLaunchOffer } from "./launch-offer";
import { MobileMenu } from "./mobile-menu";
import { SITE_NAVIGATION } from "./site-navigation";

export function SiteHeader({ companyName }: { companyName: string }) {
  const { promoPrice } = useLaunchOffer();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="text-lg font-bold tracking-tight text-foreground">
          {companyName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {SITE_NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground",
                  isActive ? "text-foreground" : "text-muted-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <InquiryLink preset={{ tier: "1", promo: true }} className={cn(buttonVariants(), "max-sm:hidden")}>
            Claim {promoPrice} Offer
          </InquiryLink>
          <MobileMenu companyName={companyName} />
        </div>
      </div>
    </header>
  );
}

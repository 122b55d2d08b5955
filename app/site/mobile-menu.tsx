import Menu from "lucide-react/icons/menu";
import XIcon from "lucide-react/icons/x";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { InquiryLink } from "./inquiry-link";
import { useLaunchOffer } from "./launch-offer";
import { SITE_NAVIGATION } from "./site-navigation";

const MENU_ID = "mobile-menu";

function closeMenu() {
  const menu = document.getElementById(MENU_ID);
  if (menu?.matches(":popover-open")) menu.hidePopover();
}

/**
 * The slide-in menu of narrow screens: the header's links and offer button. A native popover
 * (decision 028): its button opens it and a tap outside or Escape closes it without any of the
 * app's code, so a phone's first tap on it answers at once. Once the app runs, it also closes
 * when the app moves to another page.
 */
export function MobileMenu({ companyName }: { companyName: string }) {
  const { pathname } = useLocation();
  const { promoPrice } = useLaunchOffer();
  // Not when the app starts (the menu may be open already: it works before the app), only when it moves on.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu();
  }, [pathname]);
  return (
    <>
      <button type="button" popoverTarget={MENU_ID} className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}>
        <Menu aria-hidden="true" />
        <span className="sr-only">Open menu</span>
      </button>
      <div
        id={MENU_ID}
        popover="auto"
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-3/4 max-w-sm border-0 border-l bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50 motion-safe:open:animate-slide-in-right lg:hidden"
      >
        <p id={`${MENU_ID}-title`} className="pr-8 text-lg font-semibold">
          {companyName}
        </p>
        <button
          type="button"
          popoverTarget={MENU_ID}
          popoverTargetAction="hide"
          className="absolute top-5 right-5 rounded-sm p-0.5 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
        >
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </button>
        <nav aria-label="Mobile" className="mt-6 grid gap-1">
          {SITE_NAVIGATION.map((item) => (
            <NavLink key={item.to} to={item.to} end className="rounded-md px-3 py-2 text-base font-medium hover:bg-muted">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <InquiryLink preset={{ tier: "1", promo: true }} onOpen={closeMenu} className={cn(buttonVariants(), "mt-6 w-full")}>
          Claim {promoPrice} Offer
        </InquiryLink>
      </div>
    </>
  );
}

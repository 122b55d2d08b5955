import { isPlainClick } from "~/ui/plain-click";
import { useInquiryDialog } from "./inquiry-dialog";
import { inquiryPageHref, type InquiryPreset } from "./inquiry-preset";

/**
 * A call to action that opens the inquiry with its preset (decision 028). It is a real link to
 * the inquiry's own page, so a tap before the app runs answers at once with that page; once the
 * app runs, a plain click opens the inquiry dialog instead (a middle click or a new tab still
 * opens the page).
 */
export function InquiryLink({
  preset,
  className,
  children,
  onOpen,
}: {
  preset: InquiryPreset;
  className?: string;
  children: React.ReactNode;
  /** Runs before the dialog opens (the mobile menu closes itself). */
  onOpen?: () => void;
}) {
  const { openInquiry, prefetchInquiry } = useInquiryDialog();
  return (
    <a
      href={inquiryPageHref(preset)}
      className={className}
      onPointerEnter={prefetchInquiry}
      onFocus={prefetchInquiry}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onOpen?.();
        openInquiry(preset);
      }}
    >
      {children}
    </a>
  );
}

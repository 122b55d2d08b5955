import { createElement, forwardRef, type ReactElement, type SVGProps } from "react";

/** An icon's drawing as lucide-react's icon modules export it (`__iconData`). */
export type IconData = { name: string; node: readonly (readonly [string, Record<string, string | number>])[] };

type IconProps = SVGProps<SVGSVGElement>;

/**
 * A lucide icon drawn lean (decision 042): its paths inside `<svg class="lucide …" viewBox>`, with
 * the stroke, fill and default size that lucide writes as attributes on every icon set once in
 * app.css (`svg.lucide`). A back-office page draws ~30 icons; the attributes were ~230 bytes each.
 * The paths' elements are made once per icon and shared by every drawing of it. Decorative
 * (aria-hidden) unless given a label, a role, a title or children, as lucide's own.
 */
export function leanIcon(data: IconData) {
  const paths: ReactElement[] = data.node.map(([tag, { key, ...attributes }]) => createElement(tag, { key: String(key), ...attributes }));
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ className, children, ...rest }, ref) {
    const labelled = children != null || Object.keys(rest).some((name) => name.startsWith("aria-") || name === "role" || name === "title");
    return createElement(
      "svg",
      { ref, viewBox: "0 0 24 24", className: className ? `lucide ${className}` : "lucide", ...(labelled ? {} : { "aria-hidden": true }), ...rest },
      paths,
      children,
    );
  });
  Icon.displayName = data.name;
  return Icon;
}

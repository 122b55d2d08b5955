import type { MetaDescriptor } from "react-router";

/** The public pages in the sitemap, with how often they change. */
export const PUBLIC_PAGES = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/how-it-works", changefreq: "monthly", priority: "0.8" },
  { path: "/packages", changefreq: "weekly", priority: "0.9" },
  { path: "/portfolio", changefreq: "monthly", priority: "0.7" },
  { path: "/about", changefreq: "monthly", priority: "0.6" },
  { path: "/contact", changefreq: "monthly", priority: "0.7" },
  { path: "/start-your-project", changefreq: "monthly", priority: "0.6" },
] as const;

export type SiteIdentity = { publicUrl: string; companyName: string };

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The site layout's identity (public URL, company name), for the pages' meta functions. */
export function siteIdentityFrom(matches: readonly MatchLike[]): SiteIdentity {
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as Partial<SiteIdentity> | undefined;
    if (data && typeof data.publicUrl === "string" && typeof data.companyName === "string") {
      return { publicUrl: data.publicUrl, companyName: data.companyName };
    }
  }
  return { publicUrl: "", companyName: "Sister Site Studio" };
}

/** Title, description, canonical URL and Open Graph tags of one public page. */
export function publicPageMeta(
  matches: readonly MatchLike[],
  page: { title: string; description: string; path: string; noindex?: boolean },
): MetaDescriptor[] {
  const { publicUrl, companyName } = siteIdentityFrom(matches);
  const url = `${publicUrl}${page.path === "/" ? "/" : page.path}`;
  const title = `${page.title} | ${companyName}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: companyName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

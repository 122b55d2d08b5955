import { config } from "~/config.server";

// Crawlers stay out of the back-office, the sign-in screen and the private booking links.
export function loader() {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /auth", "Disallow: /booking", "", `Sitemap: ${config().publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

import { config } from "~/config.server";
import { PUBLIC_PAGES } from "./seo";

export function loader() {
  const origin = config().publicUrl;
  const urls = PUBLIC_PAGES.map(
    (page) =>
      `  <url><loc>${origin}${page.path}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority}</priority></url>`,
  ).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

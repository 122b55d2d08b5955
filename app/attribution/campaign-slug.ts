/**
 * A campaign's slug, the `{slug}` of its tracked link `/?campaign={slug}`. Pure: the dialog suggests it
 * from the name as the admin types, and the server makes it unique.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 60;

/** "Spring Launch — 2027!" → "spring-launch-2027". Accents lose their marks; anything else becomes a hyphen. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "campaign";
}

/** The first of `slug`, `slug-2`, `slug-3`… that is not taken. */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let suffix = 2; ; suffix += 1) {
    const ending = `-${suffix}`;
    const candidate = `${slug.slice(0, SLUG_MAX_LENGTH - ending.length).replace(/-+$/, "")}${ending}`;
    if (!taken.has(candidate)) return candidate;
  }
}

import { Search } from "lucide-react";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { formatDateTime } from "~/ui/date-format";
import { Input } from "~/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { Route } from "./+types/leads-page";
import { LEAD_TIERS } from "./lead-options";
import { listLeads } from "./leads.server";

export const meta: Route.MetaFunction = () => [{ title: "Website Leads | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("q") ?? "";
  const [page, settings] = await Promise.all([
    listLeads({ search, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    getOrganizationSettings(),
  ]);
  return { ...page, search, timeZone: settings.timezone };
}

const tierLabel = (tier: string | null) => LEAD_TIERS.find((option) => option.value === tier)?.label ?? "—";

export default function LeadsPage() {
  const { leads, nextCursor, previousCursor, search, timeZone } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pageLink = (key: "after" | "before", cursor: string) => {
    const params = new URLSearchParams(searchParams);
    params.delete("after");
    params.delete("before");
    params.set(key, cursor);
    return `?${params.toString()}`;
  };

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Website Leads</h1>
        <p className="text-muted-foreground">Everyone who claimed the offer, sent an inquiry or wrote to you.</p>
      </div>
      <Form method="get" role="search" className="flex max-w-md gap-2">
        <label htmlFor="lead-search" className="sr-only">
          Search by name, email or promo code
        </label>
        <Input
          id="lead-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Search by name, email or promo code"
          maxLength={200}
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" /> Search
        </Button>
      </Form>
      <div className="rounded-lg border bg-background" aria-busy={navigation.state === "loading"}>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Phone</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Tier</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Promo Code</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {leads.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8} className="py-10 text-center text-muted-foreground">
                  {search ? `No leads match “${search}”.` : "No leads yet. They appear here as visitors write in."}
                </TableCell>
              </TableRow>
            ) : (
              leads.map((lead) => (
                <TableRow key={lead.id}>
                  <TableCell className="font-medium">{lead.name}</TableCell>
                  <TableCell>{lead.email}</TableCell>
                  <TableCell>{lead.phone ?? "—"}</TableCell>
                  <TableCell>{lead.source}</TableCell>
                  <TableCell>{tierLabel(lead.tier)}</TableCell>
                  <TableCell>
                    <Badge variant={lead.status === "new" ? "default" : "secondary"}>{lead.status}</Badge>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{lead.promoCode ?? "—"}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(lead.createdAt, timeZone)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <nav aria-label="Pages" className="flex justify-between">
        {previousCursor ? (
          <Button asChild variant="outline">
            <Link to={pageLink("before", previousCursor)}>Previous</Link>
          </Button>
        ) : (
          <span />
        )}
        {nextCursor ? (
          <Button asChild variant="outline">
            <Link to={pageLink("after", nextCursor)}>Next</Link>
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

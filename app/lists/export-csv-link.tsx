import Download from "lucide-react/icons/download";
import { useSearchParams } from "react-router";
import { buttonVariants } from "~/ui/button";
import { PAGING_PARAMS } from "./list-view";

/** A list's link that keeps its view but leaves out the page (an export of exactly what is filtered). */
export function viewHref(path: string, params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of PAGING_PARAMS) kept.delete(name);
  return kept.size > 0 ? `${path}?${kept.toString()}` : path;
}

/** 'Export CSV' of a list: the rows its filters show, from the export route at `path`. */
export function ExportCsvLink({ path }: { path: string }) {
  const [searchParams] = useSearchParams();
  return (
    <a href={viewHref(path, searchParams)} download className={buttonVariants({ variant: "outline" })}>
      <Download className="size-4" aria-hidden="true" /> Export CSV
    </a>
  );
}

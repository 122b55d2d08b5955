/** What a download says of its file: its type and name, shown in the page (`inline`) or saved. */
export type DownloadedFile = {
  contentType: string;
  fileName: string;
  inline?: boolean;
  /** Default: kept by the browser alone, and not even there (an admin's or a client's own file). */
  cacheControl?: string;
  /** The route's own besides (a referrer policy, the length). */
  headers?: Record<string, string>;
};

/** A file answered to the browser: a PDF, a calendar entry, a CSV, an export, a backup. */
export function fileDownload(body: BodyInit, { contentType, fileName, inline = false, cacheControl = "private, no-store", headers = {} }: DownloadedFile): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${fileName}"`,
      "Cache-Control": cacheControl,
      ...headers,
    },
  });
}

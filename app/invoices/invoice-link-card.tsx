import { useFormAction } from "~/forms/use-form-action";
import { ConfirmDialog, useConfirmedSubmit } from "~/forms/confirm-submit";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";

/** One of the card's two asks-first buttons: revoke the link, or issue a new one. */
function LinkAction({ intent, label, title, description }: { intent: "revoke-link" | "new-link"; label: string; title: string; description: string }) {
  const { fetcher, busy } = useFormAction({ intent });
  const { formRef, asking, setAsking, confirm } = useConfirmedSubmit((form) => void fetcher.submit(form, { method: "post" }));
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {label}
      </Button>
      <ConfirmDialog open={asking} onOpenChange={setAsking} title={title} description={description} confirmLabel={label} onConfirm={confirm} />
    </fetcher.Form>
  );
}

/**
 * The client's link to the invoice (a capability, decision 015): shown to copy, revocable, and
 * replaceable by a new one; the old link then answers 404.
 */
export function InvoiceLinkCard({ link, sent }: { link: string | null; sent: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Client link</CardTitle>
        <CardDescription>
          {link
            ? "Whoever has this link can see the invoice. Revoke it if it reached the wrong person."
            : sent
              ? "The client's link was revoked: the old link no longer opens the invoice."
              : "The client's link is made when the invoice is sent."}
        </CardDescription>
      </CardHeader>
      {link || sent ? (
        <CardContent className="grid gap-3">
          {link ? <CopyLink link={link} label="Client link" copiedMessage="Link copied" /> : null}
          <div className="flex flex-wrap gap-2">
            {link ? (
              <LinkAction intent="revoke-link" label="Revoke link" title="Revoke the client's link?" description="The link stops working at once: whoever opens it sees 'page not found'." />
            ) : null}
            <LinkAction
              intent="new-link"
              label="Issue new link"
              title="Issue a new client link?"
              description="A new link replaces the old one, which stops working at once. Send the invoice again, or copy the new link, to give it to the client."
            />
          </div>
        </CardContent>
      ) : null}
    </Card>
  );
}

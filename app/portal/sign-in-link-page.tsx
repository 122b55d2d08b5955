import { redirect, useActionData, useLoaderData } from "react-router";
import { answerForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { Button } from "~/ui/button";
import type { Route } from "./+types/sign-in-link-page";
import { requirePortalOn } from "./portal-session.server";
import { LINK_UNUSABLE } from "./portal-texts";
import { redeemSignInLink, signInLinkIsUsable } from "./sign-in.server";
import { SignInForm } from "./sign-in-form";

// /portal/sign-in/{secret}: the e-mailed link. Opening it signs nobody in (mail scanners open links
// too); its button does, once: the link is then used up.

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Client portal" }, { name: "robots", content: "noindex" }];

export function headers() {
  // The secret is in the URL: no referrer carries it off the site, no cache keeps the page. Not
  // no-referrer: a browser then sends the page's own POST with `Origin: null`, which the site refuses.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export async function loader({ params }: Route.LoaderArgs) {
  await requirePortalOn();
  return { usable: await signInLinkIsUsable(params.token) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requirePortalOn();
  return answerForm(request, {
    "use-link": async () => {
      const cookie = await redeemSignInLink(params.token);
      return redirect("/portal", { headers: { "Set-Cookie": cookie } });
    },
  });
}

export default function SignInLinkPage() {
  const { usable } = useLoaderData<typeof loader>();
  const posted = useActionData<FormResult>();
  if (!usable || (posted && !posted.ok)) return <SignInForm notice={LINK_UNUSABLE} />;
  return (
    <section aria-labelledby="use-link-title" className="grid gap-4 rounded-xl border bg-card p-6 text-center shadow-sm">
      <h1 id="use-link-title" className="text-2xl font-bold tracking-tight">
        Welcome back
      </h1>
      <p className="text-muted-foreground">This link signs you in to your client portal on this device.</p>
      {/* A plain form: it works before the page's scripts run, and a redirect sets the session. */}
      <form method="post" className="grid">
        <input type="hidden" name="intent" value="use-link" />
        <Button type="submit" size="lg">
          Open my portal
        </Button>
      </form>
    </section>
  );
}

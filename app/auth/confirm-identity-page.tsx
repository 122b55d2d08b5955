import { Link, redirectDocument, useLoaderData } from "react-router";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { Route } from "./+types/confirm-identity-page";
import { safeAdminReturnPath } from "./auth-forms";
import { ConfirmIdentityForm } from "./confirm-identity-form";
import { requireAdminSession } from "./guard.server";
import { confirmItsYou } from "./recent-confirmation.server";
import { confirmIdentitySchema, SECURITY_SETTINGS_PATH } from "./security-forms";

export const meta: Route.MetaFunction = () => [{ title: "Confirm it's you | Admin" }];

const DATA_TAB = "/admin/settings/data";
const CONSULTATIONS = "/admin/consultations";

// GET /admin/confirm?returnTo=…: where a download that hands over everything sends an admin who has
// not confirmed within 5 minutes; POST checks the password (and code) and goes on to `returnTo`.
export async function loader({ request }: Route.LoaderArgs) {
  const { twoFactorEnabled } = await requireAdminSession(request);
  return { twoFactorEnabled, returnTo: safeAdminReturnPath(new URL(request.url).searchParams.get("returnTo")) ?? DATA_TAB };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminSession(request);
  return answerForm(request, {
    "confirm-identity": async (form) => {
      const { password, code, returnTo } = parseForm(confirmIdentitySchema, form);
      await confirmItsYou(request, clientAddressOf(context), { password, code });
      // A whole page load: `returnTo` may be a download, which only the browser itself can receive.
      return redirectDocument(safeAdminReturnPath(returnTo) ?? DATA_TAB);
    },
  });
}

/** Why the page asks, by where the admin goes on to: a download of the Data tab, a change on the Security tab, a calendar feed. */
function purposeOf(returnTo: string): { why: string; back: { to: string; label: string } } {
  if (returnTo.startsWith(SECURITY_SETTINGS_PATH)) {
    return { why: "Changing who may sign in, and how, asks who you are.", back: { to: SECURITY_SETTINGS_PATH, label: "Back to Settings › Security" } };
  }
  if (returnTo.startsWith(CONSULTATIONS)) {
    return { why: "A calendar feed address shows your calls to whoever has it, for as long as it works.", back: { to: CONSULTATIONS, label: "Back to Consultations" } };
  }
  return {
    why: `This download holds every client's data${returnTo.endsWith("/backup") ? " and every admin's password hash" : ""}.`,
    back: { to: DATA_TAB, label: "Back to Settings › Data" },
  };
}

export default function ConfirmIdentityPage() {
  const { twoFactorEnabled, returnTo } = useLoaderData<typeof loader>();
  const { why, back } = purposeOf(returnTo);
  return (
    <div className="grid max-w-2xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Confirm it's you</CardTitle>
          <CardDescription>
            {why} Enter your password{twoFactorEnabled ? " and the current code from your authenticator app" : ""} to go on; you will not be asked again
            for 5 minutes.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ConfirmIdentityForm twoFactorEnabled={twoFactorEnabled} returnTo={returnTo} />
          <Link to={back.to} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {back.label}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

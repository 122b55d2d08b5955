import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { Button } from "~/ui/button";
import { redirectWithToast } from "~/forms/flash.server";
import { FormError, FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import type { Route } from "./+types/invitation-page";
import { acceptInvitation, openInvitation } from "./admin-invitations.server";
import { acceptInvitationSchema } from "./auth-forms";
import { AuthScreen } from "./auth-screen";

export const meta: Route.MetaFunction = () => [{ title: "Admin invitation | Admin portal" }, { name: "robots", content: "noindex" }];

export function headers() {
  // The token is in the URL: no referrer leaves it.
  return { "Referrer-Policy": "no-referrer" };
}

// GET /auth/invitation/{token}: the link an admin invitation e-mails; POST accepts it with a new password.
export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await openInvitation(params.token);
  return data({ invitation }, { status: invitation ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerForm(request, {
    default: async (form) => {
      const { password } = parseForm(acceptInvitationSchema, form);
      const accepted = await acceptInvitation(params.token, password, clientAddressOf(context));
      return redirectWithToast("/auth", {
        type: "success",
        title: "Invitation accepted",
        description: `${accepted.email} is an admin now. Sign in with your new password.`,
      });
    },
  });
}

export default function InvitationPage() {
  const { invitation } = useLoaderData<typeof loader>();
  const refused = useActionData<FormResult<object>>();
  const busy = useNavigation().state === "submitting";
  const failed = refused && !refused.ok ? refused : null;
  return (
    <AuthScreen
      title="Admin invitation"
      description={invitation ? `Choose a password for ${invitation.email} to start using the back-office.` : "This invitation link cannot be used."}
    >
      <div className="grid gap-4">
        <FormError message={failed?.formError} />
        {invitation ? (
          <Form method="post" className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              If an account already uses this address, the new password replaces its old one and signs it out on every device.
            </p>
            <FormField label="New password" name="password" error={failed?.fieldErrors.password} required>
              <Input type="password" autoComplete="new-password" minLength={8} maxLength={128} />
            </FormField>
            <FormField label="Confirm new password" name="confirmPassword" error={failed?.fieldErrors.confirmPassword} required>
              <Input type="password" autoComplete="new-password" minLength={8} maxLength={128} />
            </FormField>
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? "Accepting..." : "Accept invitation"}
            </Button>
          </Form>
        ) : (
          <p className="text-sm">It was used, it expired, or a newer one was sent. Ask an admin to invite you again.</p>
        )}
        <Link className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline" to="/auth">
          Go to sign in
        </Link>
      </div>
    </AuthScreen>
  );
}

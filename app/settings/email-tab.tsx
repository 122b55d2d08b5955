import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { config } from "~/config.server";
import { sendTestEmail } from "~/email/test-email.server";
import { parseForm } from "~/forms/form-action.server";
import { settingsSave } from "~/organization/settings-save.server";
import { Refusal } from "~/refusal/refusal";
import { useFormAction } from "~/forms/use-form-action";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Textarea } from "~/ui/textarea";
import type { Route } from "./+types/email-tab";
import { emailSettingsForm, testEmailForm } from "~/organization/settings-forms";
import { getOrganizationSettings, saveEmailTab } from "~/organization/settings.server";
import { describeSmtpUrl } from "./smtp-connection";
import { SettingsFormCard } from "./settings-form-card";

export const meta: Route.MetaFunction = () => [{ title: "Email | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const settings = await getOrganizationSettings();
  return {
    saved: {
      senderName: settings.senderName ?? "",
      senderEmail: settings.senderEmail ?? "",
      unsubscribeFooterText: settings.unsubscribeFooterText ?? "",
    },
    // What is sent when the sender fields are empty.
    fallbackSender: { name: settings.companyName ?? "", email: config().mailFrom ?? settings.replyToEmail ?? "" },
    smtp: describeSmtpUrl(config().smtpUrl),
    adminEmail: admin.email,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "save-email": settingsSave("save-email", emailSettingsForm, (input) => saveEmailTab(actor, input)),
    "send-test-email": async (form) => {
      const { to } = parseForm(testEmailForm, form);
      const outcome = await sendTestEmail(actor, to);
      if (!outcome.sent) throw new Refusal(outcome.error, { title: "Test e-mail not sent", status: 400 });
      return { ok: true as const, intent: "send-test-email", toast: "Test e-mail sent", toastDescription: `The mail server accepted it for ${to}.` };
    },
  }));
}

export default function EmailTab() {
  const { saved, fallbackSender, smtp, adminEmail } = useLoaderData<typeof loader>();
  const settings = useFormAction({ intent: "save-email" });
  const test = useFormAction({ intent: "send-test-email" });
  const value = (name: keyof typeof saved) => settings.values[name] ?? saved[name];
  return (
    <div className="grid max-w-2xl gap-6">
      <SettingsFormCard title="Sender" description="Who our e-mails come from, and the footer of marketing e-mails." form={settings} intent="save-email" saved={saved}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Sender name" name="senderName" error={settings.errors.senderName} description={fallbackSender.name ? `Empty: ${fallbackSender.name}` : undefined}>
            <Input defaultValue={value("senderName")} maxLength={120} />
          </FormField>
          <FormField label="Sender e-mail" name="senderEmail" error={settings.errors.senderEmail} description={fallbackSender.email ? `Empty: ${fallbackSender.email}` : undefined}>
            <Input type="email" defaultValue={value("senderEmail")} />
          </FormField>
        </div>
        <FormField label="Unsubscribe footer text" name="unsubscribeFooterText" error={settings.errors.unsubscribeFooterText} description="Shown above the unsubscribe link of marketing e-mails.">
          <Textarea rows={3} defaultValue={value("unsubscribeFooterText")} maxLength={500} />
        </FormField>
      </SettingsFormCard>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            Mail server {smtp.configured ? <Badge>SMTP configured</Badge> : <Badge variant="secondary">SMTP not configured</Badge>}
          </CardTitle>
          <CardDescription>
            {smtp.configured
              ? `Mail is sent through ${smtp.host}:${smtp.port}${smtp.secure ? " (TLS)" : ""}${smtp.user ? ` as ${smtp.user}` : ""}.`
              : "SMTP_URL is not set: e-mails are stored and shown under Emails, not sent. Set SMTP_URL (smtp://user:password@host:587) and restart to send them."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <test.fetcher.Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="send-test-email" />
            <FormField label="Send a test to" name="to" error={test.errors.to} className="min-w-64 flex-1">
              <Input type="email" defaultValue={test.values.to ?? adminEmail} />
            </FormField>
            <Button type="submit" variant="outline" disabled={test.busy}>
              {test.busy ? "Sending…" : "Send test e-mail"}
            </Button>
          </test.fetcher.Form>
          {test.formError ? (
            <p role="alert" className="mt-3 text-sm text-destructive">
              The mail server answered: {test.formError}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

import { randomUUID } from "node:crypto";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { useState } from "react";
import { useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import type { FormResult } from "~/forms/form-result";
import { usePublicFormPost } from "~/forms/use-public-form-post";
import { answerContact } from "~/leads/capture-actions.server";
import { CONTACT_SENT } from "~/leads/capture-outcome";
import { BUSINESS_TYPES } from "~/leads/lead-options";
import { Button } from "~/ui/button";
import { FormError, FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { OptionSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { Route } from "./+types/contact-page";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { HoneypotField } from "~/request-safety/honeypot-field";
import { REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";
import { publicPageMeta } from "./seo";
import type { loader as siteLoader } from "./site-layout";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Contact Us",
    description: `Write to the twins behind the studio in Dallas-Fort Worth. We reply within ${REPLY_WITHIN_BUSINESS_HOURS}.`,
    path: "/contact",
  });

// A new key for every showing of the form: its double post makes one lead (`leads.submission_key`).
export function loader(_: Route.LoaderArgs) {
  return { submissionKey: randomUUID() };
}

// The form posts here when JavaScript is off; the page then says what happened.
export async function action({ request, context }: Route.ActionArgs) {
  return answerContact(request, clientAddressOf(context));
}

export default function ContactPage() {
  const site = useRouteLoaderData<typeof siteLoader>("site/site-layout");
  const email = site?.email ?? null;
  const posted = useActionData<FormResult>();
  // The key guards a post without JavaScript; once a message went with it, the next one is new.
  const [submissionKey, setSubmissionKey] = useState<string | undefined>(useLoaderData<typeof loader>().submissionKey);
  const [sentWithScript, setSentWithScript] = useState(false);
  const { submitting, errors, values, formError, onSubmit } = usePublicFormPost("/contact-message", {
    initial: posted,
    successToastDuration: 5_000,
    onSuccess: () => {
      setSentWithScript(true);
      setSubmissionKey(undefined);
    },
  });
  const sent = sentWithScript || posted?.ok === true;

  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Contact Us</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Questions, ideas, or just not sure where to start? Send us a note. We reply within {REPLY_WITHIN_BUSINESS_HOURS}.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <div>
          <h2 className="text-2xl font-bold">Get in touch</h2>
          <ul className="mt-6 grid gap-5">
            {email ? (
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-medium">Email</p>
                  <a className="text-muted-foreground underline-offset-4 hover:underline" href={`mailto:${email}`}>
                    {email}
                  </a>
                </div>
              </li>
            ) : null}
            <li className="flex gap-3">
              <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">Phone</p>
                <p className="text-muted-foreground">On request: leave your number and we'll call you.</p>
              </div>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">Location</p>
                <p className="text-muted-foreground">Dallas-Fort Worth, Texas</p>
              </div>
            </li>
          </ul>
          <p className="mt-8 text-sm text-muted-foreground">Business hours: Monday to Friday, 9 am to 5 pm Central.</p>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 className="text-2xl font-bold">Send us a message</h2>
          {sent ? (
            <div role="status" className="mt-4 rounded-md border border-success/40 bg-success/5 p-4">
              <p className="font-semibold">{CONTACT_SENT.title}</p>
              <p className="text-sm text-muted-foreground">{CONTACT_SENT.text}</p>
            </div>
          ) : null}
          <form method="post" action="/contact" onSubmit={onSubmit} className="mt-6 grid gap-4">
            <HoneypotField id="contact-website" />
            {submissionKey ? <input type="hidden" name="submissionKey" value={submissionKey} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Name" name="name" id="contact-name" error={errors.name} required>
                <Input autoComplete="name" maxLength={120} defaultValue={values.name} />
              </FormField>
              <FormField label="Email" name="email" id="contact-email" error={errors.email} required>
                <Input type="email" autoComplete="email" maxLength={254} defaultValue={values.email} />
              </FormField>
              <FormField label="Phone" name="phone" id="contact-phone" error={errors.phone}>
                <Input type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} />
              </FormField>
              <FormField label="Business type" name="businessType" id="contact-business-type" error={errors.businessType}>
                <OptionSelect options={BUSINESS_TYPES} emptyLabel="Select…" defaultValue={values.businessType} />
              </FormField>
            </div>
            <FormField label="Message" name="message" id="contact-message" error={errors.message} required>
              <Textarea rows={6} maxLength={5000} defaultValue={values.message} placeholder="Tell us about your business and how we can help." />
            </FormField>
            <FormError message={formError} />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Sending..." : "Send Message"}
            </Button>
          </form>
        </div>
      </section>
    </>
  );
}

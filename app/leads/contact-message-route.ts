import { clientAddressOf } from "~/site/client-address.server";
import type { Route } from "./+types/contact-message-route";
import { answerContact } from "./capture-actions.server";

// Posted by the contact form with JavaScript (JSON); without it, the form posts to /contact.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, outcome } = await answerContact(await request.formData(), clientAddressOf(context));
  return Response.json(outcome, { status });
}

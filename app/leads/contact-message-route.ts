import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/contact-message-route";
import { answerContact, asJson } from "./capture-actions.server";

// Posted by the contact form with JavaScript (JSON); without it, the form posts to /contact.
export async function action({ request, context }: Route.ActionArgs) {
  return asJson(answerContact(request, clientAddressOf(context)));
}

import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/inquiry-route";
import { answerInquiry, asJson } from "./capture-actions.server";

// Posted by the inquiry dialog (JSON). It has no page of its own.
export async function action({ request, context }: Route.ActionArgs) {
  return asJson(answerInquiry(request, clientAddressOf(context)));
}

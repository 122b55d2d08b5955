import { clientAddressOf } from "~/site/client-address.server";
import type { Route } from "./+types/inquiry-route";
import { answerInquiry } from "./capture-actions.server";

// Posted by the inquiry dialog (JSON). It has no page of its own.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, outcome } = await answerInquiry(await request.formData(), clientAddressOf(context));
  return Response.json(outcome, { status });
}

import { clientAddressOf } from "~/site/client-address.server";
import type { Route } from "./+types/promo-claim-route";
import { answerPromoClaim } from "./capture-actions.server";

// Posted by the promo popup, the sticky button's form and the packages page (JSON).
// Without JavaScript the packages page posts to its own action instead.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, outcome } = await answerPromoClaim(await request.formData(), clientAddressOf(context));
  return Response.json(outcome, { status });
}

import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/promo-claim-route";
import { answerPromoClaim, asJson } from "./capture-actions.server";

// Posted by the promo popup, the sticky button's form and the packages page (JSON).
// Without JavaScript the packages page posts to its own action instead.
export async function action({ request, context }: Route.ActionArgs) {
  return asJson(answerPromoClaim(request, clientAddressOf(context)));
}

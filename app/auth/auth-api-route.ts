import type { Route } from "./+types/auth-api-route";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { answerAuthApi } from "./auth-api.server";

// better-auth's own HTTP endpoints, under the same sign-in policy as the /auth form.
export async function loader({ request, context }: Route.LoaderArgs) {
  return answerAuthApi(request, clientAddressOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthApi(request, clientAddressOf(context));
}

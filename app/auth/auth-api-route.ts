import type { Route } from "./+types/auth-api-route";
import { getAuth } from "./auth.server";

// better-auth's own HTTP endpoints (used by the two-factor set-up in Settings).
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}

import { redirect } from "react-router";
import type { Route } from "./+types/sign-out-route";
import { getAuth } from "./auth.server";

// Sign Out is a POST (GET never changes data); it ends the session and returns to the site.
export async function action({ request }: Route.ActionArgs) {
  const auth = await getAuth();
  const headers = await auth.api
    .signOut({ headers: request.headers, returnHeaders: true })
    .then((result) => result.headers)
    .catch(() => new Headers());
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}

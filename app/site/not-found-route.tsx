import { data } from "react-router";
import type { Route } from "./+types/not-found-route";
import { NotFoundPage } from "./not-found-page";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found" },
  { name: "robots", content: "noindex" },
];

// Every unknown path: the page, with HTTP status 404.
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFoundPage />;
}

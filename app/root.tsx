import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLoaderData,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { useMarkHydrated } from "~/document/app-hydrated";
import { useCspNonce } from "~/document/csp-nonce";
import { ScrollRestoration } from "~/document/scroll-restoration";
import { NotFoundPage } from "~/site/not-found-page";
import { takeFlashToast } from "~/forms/flash.server";
import { Toaster, useFlashToast } from "~/ui/toaster";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  useMarkHydrated();
  const nonce = useCspNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await takeFlashToast(request);
  return data({ toast }, { headers });
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useFlashToast(toast);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">Sorry, this page could not be shown</h1>
      <p className="text-muted-foreground">{message}</p>
      <a className="font-medium text-primary underline" href="/">
        Return to Home
      </a>
    </main>
  );
}

import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";

/** The frame of the sign-in screens (/auth, an admin invitation): one card in the middle of the page. */
export function AuthScreen({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

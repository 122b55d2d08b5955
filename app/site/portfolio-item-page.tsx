import ArrowLeft from "lucide-react/icons/arrow-left";
import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/portfolio-item-page";
import { NotFoundPage } from "./not-found-page";
import { PortfolioDetails } from "./portfolio-details";
import { findPortfolioItem } from "./portfolio.server";
import { publicPageMeta } from "./seo";

/**
 * A portfolio project on a page of its own (decision 028): where a card leads before the app runs,
 * and a page a search engine or a shared link can show. Once the app runs, a card opens the same
 * details in a dialog.
 */
export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  loaded?.item
    ? publicPageMeta(matches, { title: loaded.item.name, description: loaded.item.description, path: `/portfolio/${loaded.item.id}` })
    : [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export async function loader({ params }: Route.LoaderArgs) {
  const item = await findPortfolioItem(params.itemId);
  return item ? { item } : data({ item: null }, { status: 404 });
}

export default function PortfolioItemPage() {
  const { item } = useLoaderData<typeof loader>();
  if (!item) return <NotFoundPage />;
  return (
    <section className="mx-auto grid max-w-2xl gap-5 px-4 py-12 sm:px-6 sm:py-16">
      <Link to="/portfolio" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> All projects
      </Link>
      <div>
        <p className="text-sm font-medium text-primary">{item.category}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{item.name}</h1>
        <p className="mt-3 text-muted-foreground">{item.description}</p>
      </div>
      <PortfolioDetails item={item} />
    </section>
  );
}

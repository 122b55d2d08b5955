import { Search } from "lucide-react";
import * as React from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/ui/button";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { isFilteredView, type LeadListView } from "./lead-list-view";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIERS } from "./lead-options";

// The leads list's search and filters: kept in the URL, so a reload or a shared link shows the same view.

const SOURCE_LABEL: Record<string, string> = { "contact-page": "Contact page" };

export const sourceLabel = (source: string) => SOURCE_LABEL[source] ?? source;

export function LeadFilters({ view }: { view: LeadListView }) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const formRef = React.useRef<HTMLFormElement>(null);
  const submitFilters = () => {
    if (formRef.current) void submit(formRef.current);
  };
  return (
    <Form ref={formRef} method="get" role="search" aria-label="Filter leads" className="flex flex-wrap items-end gap-2">
      {/* The sort stays when the filters change; the page goes back to the first. */}
      {["sort", "dir"].map((name) => {
        const value = searchParams.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <div className="flex min-w-64 flex-1 gap-2">
        <label htmlFor="lead-search" className="sr-only">
          Search by name, email or promo code
        </label>
        <Input
          id="lead-search"
          name="q"
          type="search"
          key={view.search}
          defaultValue={view.search}
          placeholder="Search by name, email or promo code"
          maxLength={200}
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" /> Search
        </Button>
      </div>
      <NativeSelect name="status" aria-label="Status" key={`s${view.status}`} defaultValue={view.status ?? ""} wrapperClassName="w-40" onChange={submitFilters}>
        <NativeSelectOption value="">All statuses</NativeSelectOption>
        {LEAD_STATUSES.map((status) => (
          <NativeSelectOption key={status} value={status}>
            {status}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <NativeSelect name="tier" aria-label="Tier" key={`t${view.tier}`} defaultValue={view.tier ?? ""} wrapperClassName="w-52" onChange={submitFilters}>
        <NativeSelectOption value="">All tiers</NativeSelectOption>
        {LEAD_TIERS.map((tier) => (
          <NativeSelectOption key={tier.value} value={tier.value}>
            {tier.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <NativeSelect name="source" aria-label="Source" key={`o${view.source}`} defaultValue={view.source ?? ""} wrapperClassName="w-48" onChange={submitFilters}>
        <NativeSelectOption value="">All sources</NativeSelectOption>
        {LEAD_SOURCES.map((source) => (
          <NativeSelectOption key={source} value={source}>
            {SOURCE_LABEL[source] ?? source}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      {isFilteredView(view) ? (
        <Link to={searchParams.get("sort") ? `?sort=${searchParams.get("sort") ?? ""}&dir=${searchParams.get("dir") ?? ""}` : "?"} className={buttonVariants({ variant: "ghost" })}>Clear</Link>
      ) : null}
    </Form>
  );
}

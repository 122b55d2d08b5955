import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { centsToDollarsInput, formatCents, parseDollarsToCents } from "~/formatting/money";
import { DataTable } from "~/lists/data-table";
import { lineTotalCents } from "./invoice-totals";
import type { InvoiceLineItem } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** Add Item / Edit: description required, quantity at least 1, unit price at least 0; the total shows as typed. */
function LineItemDialog({
  line,
  open,
  onOpenChange,
}: {
  line: InvoiceLineItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={line ? "Edit Item" : "Add Item"}
      description="Total = quantity × unit price."
      intent={line ? "update-item" : "add-item"}
      fields={{ lineItemId: line?.id }}
      submitLabel={line ? "Save Item" : "Add Item"}
    >
      {({ errors, values }) => (
        <>
          <FormField label="Description" name="description" required error={errors.description}>
            <Input defaultValue={values.description ?? line?.description ?? ""} maxLength={500} />
          </FormField>
          <QuantityAndPrice line={line} errors={errors} />
        </>
      )}
    </FormDialog>
  );
}

/** Mounted with the dialog's content, so each opening starts from the line's values. */
function QuantityAndPrice({ line, errors }: { line: InvoiceLineItem | null; errors: Partial<Record<string, string>> }) {
  const [quantity, setQuantity] = React.useState(String(line?.quantity ?? 1));
  const [unitPrice, setUnitPrice] = React.useState(line ? centsToDollarsInput(line.unitPriceCents) : "");
  const cents = parseDollarsToCents(unitPrice);
  const qty = Number(quantity);
  const total = cents !== null && Number.isInteger(qty) && qty >= 1 ? formatCents(lineTotalCents({ quantity: qty, unitPriceCents: cents })) : "—";
  return (
    <>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Quantity" name="quantity" error={errors.quantity}>
          <Input type="number" min={1} step={1} value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        </FormField>
        <FormField label="Unit price ($)" name="unitPrice" error={errors.unitPrice}>
          <Input inputMode="decimal" value={unitPrice} onChange={(event) => setUnitPrice(event.target.value)} placeholder="0.00" />
        </FormField>
      </div>
      <p className="text-sm">
        Line total: <strong className="tabular-nums">{total}</strong>
      </p>
    </>
  );
}

function LineRowActions({ line, first, last, locked }: { line: InvoiceLineItem; first: boolean; last: boolean; locked: boolean }) {
  const move = useFormAction({ intent: "move-item", key: `move-${line.id}` });
  const remove = useFormAction({ intent: "delete-item", key: `delete-${line.id}` });
  if (locked) return null;
  return (
    <div className="flex justify-end gap-1">
      {(["up", "down"] as const).map((direction) => (
        <move.fetcher.Form key={direction} method="post" noValidate>
          <HiddenInputs fields={{ intent: "move-item", lineItemId: line.id, direction }} />
          <Button
            type="submit"
            size="icon"
            variant="ghost"
            disabled={move.busy || (direction === "up" ? first : last)}
            aria-label={`Move ${line.description} ${direction}`}
          >
            {direction === "up" ? <ArrowUp className="size-4" aria-hidden="true" /> : <ArrowDown className="size-4" aria-hidden="true" />}
          </Button>
        </move.fetcher.Form>
      ))}
      <remove.fetcher.Form method="post" noValidate>
        <HiddenInputs fields={{ intent: "delete-item", lineItemId: line.id }} />
        <Button type="submit" size="icon" variant="ghost" disabled={remove.busy} aria-label={`Delete ${line.description}`} icon={Trash2} />
      </remove.fetcher.Form>
    </div>
  );
}

export function LineItemsPanel({ lines, locked, actions }: { lines: InvoiceLineItem[]; locked: boolean; actions: React.ReactNode }) {
  const [adding, setAdding] = React.useState(false);
  const [editing, setEditing] = React.useState<InvoiceLineItem | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Line Items</CardTitle>
        {locked ? null : (
          <div className="flex flex-wrap gap-2">
            {actions}
            <Button size="sm" onClick={() => setAdding(true)} icon={Plus}>
              Add Item
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        <DataTable
          label="Line items"
          rows={lines}
          emptyMessage="No line items yet. Add one, or generate them from the project."
          columns={[
            {
              id: "description",
              header: "Description",
              cell: (line) => (
                <span className="flex items-center gap-2">
                  {line.description}
                  {locked ? null : (
                    <Button size="icon" variant="ghost" aria-label={`Edit ${line.description}`} onClick={() => setEditing(line)}>
                      <Pencil className="size-3" aria-hidden="true" />
                    </Button>
                  )}
                </span>
              ),
            },
            { id: "quantity", header: "Qty", className: "text-right tabular-nums", cell: (line) => line.quantity },
            { id: "unitPrice", header: "Unit price", className: "text-right tabular-nums", cell: (line) => formatCents(line.unitPriceCents) },
            { id: "total", header: "Total", className: "text-right tabular-nums", cell: (line) => formatCents(line.totalCents) },
            {
              id: "actions",
              header: "Actions",
              srOnlyHeader: true,
              cell: (line) => <LineRowActions line={line} first={line.id === lines[0]?.id} last={line.id === lines.at(-1)?.id} locked={locked} />,
            },
          ]}
        />
      </CardContent>
      <LineItemDialog line={null} open={adding} onOpenChange={setAdding} />
      <LineItemDialog line={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </Card>
  );
}


// How the client screens colour statuses. Pure: used by the list and the detail page.

export function statusVariant(status: string) {
  if (["active", "paid", "completed", "confirmed"].includes(status)) return "success" as const;
  if (["archived", "cancelled", "refunded"].includes(status)) return "secondary" as const;
  if (["unpaid", "overdue"].includes(status)) return "destructive" as const;
  return "outline" as const;
}

import { useState } from "react";
import { Form } from "react-router";
import { formatCents } from "~/formatting/money";
import { contractBlocks } from "~/signing/contract-blocks";
import { Button, buttonVariants } from "~/ui/button";
import { NativeCheckbox } from "~/ui/checkbox";
import { Input } from "~/ui/input";
import { proposalTotals } from "./proposal-money";
import type { VersionChoice, VersionOffer } from "./schema";
import type { DepositView } from "./client-proposal.server";

// The three steps of the client's link (issue 44): Choose, Read, Consent and sign; then the deposit.

function Money({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className={strong ? "font-semibold" : undefined} data-money={label}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}

/** Choose: one package and the optional add-ons; the total and the deposit follow the picks. */
export function ChooseStep({ offer, initial }: { offer: VersionOffer; initial: VersionChoice | null }) {
  const tiers = offer.options.filter((option) => option.kind === "tier");
  const addOns = offer.options.filter((option) => option.kind === "add_on");
  const [tierOptionId, setTier] = useState(initial?.tierOptionId ?? tiers[0]?.id ?? "");
  const [picked, setPicked] = useState<string[]>(initial?.addOnOptionIds ?? []);
  const totals = proposalTotals(offer.options, offer, { tierOptionId, addOnOptionIds: picked });
  return (
    <Form method="get" className="grid gap-6">
      <input type="hidden" name="step" value="read" />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-lg font-semibold">1. Choose your package</legend>
        {tiers.map((tier) => (
          <label key={tier.id} className="flex items-center justify-between gap-3 rounded-lg border p-4">
            <span className="flex items-center gap-3">
              <input type="radio" name="tierOptionId" value={tier.id} checked={tierOptionId === tier.id} onChange={() => setTier(tier.id)} />
              {tier.name}
            </span>
            <span>{formatCents(tier.priceCents)}</span>
          </label>
        ))}
      </fieldset>
      {addOns.length > 0 ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-lg font-semibold">Add-ons</legend>
          {addOns.map((addOn) => (
            <label key={addOn.id} className="flex items-center justify-between gap-3 rounded-lg border p-4">
              <span className="flex items-center gap-3">
                {addOn.included ? (
                  <NativeCheckbox checked disabled aria-describedby={`${addOn.id}-included`} />
                ) : (
                  <NativeCheckbox
                    name="addOnOptionIds"
                    value={addOn.id}
                    checked={picked.includes(addOn.id)}
                    onChange={(event) => setPicked(event.currentTarget.checked ? [...picked, addOn.id] : picked.filter((id) => id !== addOn.id))}
                  />
                )}
                {addOn.name}
                {addOn.included ? (
                  <span id={`${addOn.id}-included`} className="text-sm text-muted-foreground">
                    (included)
                  </span>
                ) : null}
              </span>
              <span>{formatCents(addOn.priceCents)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <dl className="grid gap-1 rounded-lg bg-muted p-4" aria-live="polite">
        {totals.discountCents > 0 ? <Money label="Discount" cents={-totals.discountCents} /> : null}
        <Money label="Total" cents={totals.totalCents} strong />
        <Money label="Deposit due on signing" cents={totals.depositCents} />
      </dl>
      <Button type="submit">Continue to the agreement</Button>
    </Form>
  );
}

/** The contract laid out as its sealed PDF lays it out (`#` lines are headings), never as raw markup. */
function ContractText({ text, className, label, scrolls = false }: { text: string; className: string; label?: string; scrolls?: boolean }) {
  return (
    // A box that scrolls takes the focus, so that it can be scrolled from the keyboard.
    <article className={`grid gap-2 ${className}`} aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {contractBlocks(text).map((block, index) =>
        block.kind === "heading" ? (
          block.level === 1 ? (
            <h3 key={index} className="text-base font-bold">
              {block.text}
            </h3>
          ) : (
            <h4 key={index} className="mt-2 font-semibold">
              {block.text}
            </h4>
          )
        ) : (
          <p key={index} className="whitespace-pre-wrap">
            {block.text}
          </p>
        ),
      )}
    </article>
  );
}

/** Read: the agreement with the client's choice; going on freezes this exact text. */
export function ReadStep({ text, choice, backHref }: { text: string; choice: VersionChoice; backHref: string }) {
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">2. Read the agreement</h2>
      <ContractText text={text} label="Agreement" scrolls className="max-h-[60vh] overflow-auto rounded-lg border p-4 text-sm" />
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="freeze" />
        <input type="hidden" name="tierOptionId" value={choice.tierOptionId} />
        {choice.addOnOptionIds.map((id) => (
          <input key={id} type="hidden" name="addOnOptionIds" value={id} />
        ))}
        <Button type="submit">Continue to sign</Button>
        <a href={backHref} className={buttonVariants({ variant: "outline" })}>
          Change my choice
        </a>
      </Form>
    </div>
  );
}

export const CONSENT_TEXT =
  "I agree to use electronic records and signatures for this agreement. I may ask for a paper copy at no charge, and I may withdraw this consent at any time by writing to the agency before signing; withdrawing does not undo what I signed before.";

/** Consent and sign, last: the unticked consent box, the full legal name, then 'Sign and accept'. */
export function SignStep({ text, versionId, sha256, values, error }: { text: string; versionId: string; sha256: string; values: Record<string, string>; error?: string }) {
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">3. Consent and sign</h2>
      <details className="rounded-lg border p-4 text-sm">
        <summary>The agreement you read (SHA-256 {sha256.slice(0, 16)}…)</summary>
        <ContractText text={text} className="mt-2" />
      </details>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="sign" />
        <input type="hidden" name="versionId" value={versionId} />
        <input type="hidden" name="contractSha256" value={sha256} />
        <label className="flex items-start gap-3 text-sm">
          <NativeCheckbox name="consent" value="yes" defaultChecked={values.consent === "yes"} className="mt-1" />
          <span>{CONSENT_TEXT}</span>
        </label>
        <label className="grid gap-1 text-sm">
          Your full legal name
          <Input name="signerName" autoComplete="name" defaultValue={values.signerName ?? ""} />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">Sign and accept</Button>
          <span className="text-sm text-muted-foreground">By signing I agree to the terms above</span>
        </div>
      </Form>
    </div>
  );
}

/** After signing: the deposit invoice, 'Pay now' by card when it is set up, and the bank transfer. */
export function DepositStep({ deposit, signerName }: { deposit: DepositView | null; signerName: string }) {
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">Signed by {signerName}. Thank you!</h2>
      {deposit ? (
        <div className="grid gap-3 rounded-lg border p-4">
          {deposit.balanceCents > 0 ? (
            <p>
              Deposit invoice <strong>{deposit.invoiceNumber}</strong>: <strong>{formatCents(deposit.balanceCents)}</strong> due
            </p>
          ) : (
            <p>
              Deposit invoice <strong>{deposit.invoiceNumber}</strong>: <strong>{formatCents(deposit.amountCents)}</strong> paid
            </p>
          )}
          {deposit.payByCard && deposit.link ? (
            <form method="post" action={new URL(deposit.link).pathname}>
              <input type="hidden" name="intent" value="pay-by-card" />
              <Button type="submit">Pay now</Button>
            </form>
          ) : null}
          {/* Once the deposit is paid, how to pay it would only confuse. */}
          {deposit.balanceCents > 0 ? <p className="text-sm">How to pay by bank transfer: {deposit.bankTransfer}</p> : null}
          {deposit.link ? (
            <a href={new URL(deposit.link).pathname} className="text-sm underline">
              View the invoice
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

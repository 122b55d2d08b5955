import Upload from "lucide-react/icons/upload";
import { data, Form, useActionData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { Refusal } from "~/refusal/refusal";
import { readRequestForm, type RequestForm } from "~/forms/request-form.server";
import { decodeTextUpload } from "~/uploads/text-upload";
import { BackLink } from "~/ui/back-link";
import { Button, LinkButton } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { redirectWithToast } from "~/forms/flash.server";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { Route } from "./+types/lead-import-page";
import { tierLabel } from "./lead-display";
import { IMPORT_FIELDS, readMapping } from "./lead-import";
import { analyseImport, IMPORT_MAX_BYTES, IMPORT_MAX_LINE_LENGTH, IMPORT_TOO_BIG, importLeads, type ImportAnalysis } from "./lead-import.server";

export const meta: Route.MetaFunction = () => [{ title: "Import Leads | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

type ImportStep = { csvText: string; analysis: ImportAnalysis; includeDuplicates: boolean };

/** Preview columns: each valid row as it will be saved (first 20). */
const PREVIEW_ROWS = 20;

/** A refused file: nothing is read further, the page says why. */
async function fileRefused(fileError: string) {
  return data<ImportStep>({ csvText: "", includeDuplicates: false, analysis: { ...(await analyseImport("")), fileError } }, { status: 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  let upload: RequestForm;
  try {
    upload = await readRequestForm(request, { maxFileBytes: IMPORT_MAX_BYTES, fileField: "csvFile" });
  } catch (error) {
    if (error instanceof Refusal) return fileRefused(error.code === "too-large" ? IMPORT_TOO_BIG : error.message);
    throw error;
  }
  try {
    const { form } = upload;
    const intent = form.get("intent");
    const file = form.get("csvFile");
    let csvText = String(form.get("csvText") ?? "");
    if (file instanceof File && file.size > 0) {
      const decoded = decodeTextUpload(new Uint8Array(await file.arrayBuffer()), { maxLineLength: IMPORT_MAX_LINE_LENGTH });
      if (!decoded.ok) return fileRefused(decoded.error);
      csvText = decoded.text;
    }
    if (!csvText.trim()) return fileRefused("Choose a CSV file to import.");
    const includeDuplicates = form.get("includeDuplicates") === "on";
    // A fresh upload guesses the mapping from the headers; afterwards the admin's choice holds.
    const firstLook = await analyseImport(csvText);
    const mapping = intent === "upload" ? firstLook.mapping : readMapping(form, firstLook.headers.length);
    if (intent === "import") {
      const result = await importLeads(admin.actor, csvText, mapping, { includeDuplicates });
      if (result.ok) {
        const skipped = result.skippedDuplicates > 0 ? ` (${result.skippedDuplicates} duplicate(s) skipped)` : "";
        return redirectWithToast("/admin/leads", { type: "success", title: `${result.imported} lead(s) imported successfully${skipped}` });
      }
      return data<ImportStep>({ csvText, analysis: result.analysis, includeDuplicates }, { status: 400 });
    }
    const analysis = intent === "upload" ? firstLook : await analyseImport(csvText, mapping);
    return { csvText, analysis, includeDuplicates };
  } finally {
    await upload.dispose();
  }
}

function ImportReview({ step }: { step: ImportStep }) {
  const { analysis } = step;
  const navigation = useNavigation();
  const duplicateLines = new Set(analysis.duplicates.map((duplicate) => duplicate.line));
  const importable = analysis.valid.length - (step.includeDuplicates ? 0 : analysis.duplicates.length);
  return (
    <Form method="post" className="grid gap-6">
      <textarea name="csvText" defaultValue={step.csvText} hidden readOnly aria-hidden="true" />
      <TitledCard title="Columns" description="Choose which column of your file fills each field. Name and Email are required." contentClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {IMPORT_FIELDS.map((field) => (
          <div key={field.key} className="grid gap-1.5">
            <Label htmlFor={`map_${field.key}`}>
              {field.label}
              {field.required ? <span aria-hidden="true" className="text-destructive"> *</span> : null}
            </Label>
            <NativeSelect id={`map_${field.key}`} name={`map_${field.key}`} defaultValue={analysis.mapping[field.key] ?? ""}>
              <NativeSelectOption value="">— not imported —</NativeSelectOption>
              <NativeSelectOptions options={analysis.headers.map((header, index) => ({ value: index, label: header || `Column ${index + 1}` }))} />
            </NativeSelect>
          </div>
        ))}
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="submit" name="intent" value="preview" variant="outline">
            Update Preview
          </Button>
        </div>
      </TitledCard>

      {analysis.errors.length > 0 ? (
        <Card className="border-destructive">
          <CardHeader>
            <CardTitle className="text-destructive" role="alert">
              {analysis.errors.length} row(s) have errors. Nothing is imported until every row is valid.
            </CardTitle>
            <CardDescription>Fix these lines in your file (or change the column mapping) and upload it again.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul aria-label="Row errors" className="grid gap-1 text-sm">
              {analysis.errors.slice(0, 200).map((row) => (
                <li key={row.line}>
                  <span className="font-medium">Line {row.line}:</span> {row.errors.join("; ")}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      {analysis.duplicates.length > 0 ? (
        <TitledCard title={<>{analysis.duplicates.length} duplicate(s) by email</>} contentClassName="grid gap-3">
          <ul aria-label="Duplicates" className="grid gap-1 text-sm">
            {analysis.duplicates.slice(0, 200).map((duplicate) => (
              <li key={duplicate.line}>
                <span className="font-medium">Line {duplicate.line}:</span> {duplicate.email} —{" "}
                {duplicate.reason === "existing" ? "already a lead" : "appears earlier in this file"}
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-2">
            <NativeCheckbox id="includeDuplicates" name="includeDuplicates" defaultChecked={step.includeDuplicates} />
            <Label htmlFor="includeDuplicates">Import duplicates too (otherwise they are skipped)</Label>
          </div>
        </TitledCard>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>
            {analysis.rowCount} row(s) in the file; {analysis.valid.length} valid. The first {Math.min(PREVIEW_ROWS, analysis.valid.length)} as they
            will be saved:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Import preview">
            <TableHeader>
              <TableRow>
                <TableHead>Line</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Phone</TableHead>
                <TableHead>Tier</TableHead>
                <TableHead>Source</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {analysis.valid.slice(0, PREVIEW_ROWS).map((row) => (
                <TableRow key={row.line} className={duplicateLines.has(row.line) ? "text-muted-foreground" : undefined}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell>{row.lead.name}</TableCell>
                  <TableCell>{row.lead.email}</TableCell>
                  <TableCell>{row.lead.phone ?? "—"}</TableCell>
                  <TableCell>{tierLabel(row.lead.tier)}</TableCell>
                  <TableCell>{row.lead.source}</TableCell>
                  <TableCell>{row.lead.status}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <div className="flex gap-2">
        <Button type="submit" name="intent" value="import" disabled={analysis.errors.length > 0 || navigation.state !== "idle"}>
          Import {Math.max(importable, 0)} Lead(s)
        </Button>
        <LinkButton to="/admin/leads/import" variant="outline">Start Over</LinkButton>
      </div>
    </Form>
  );
}

export default function LeadImportPage() {
  const step = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="grid gap-6">
      <div>
        <BackLink to="/admin/leads">Back to Leads</BackLink>
      </div>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Import Leads</h1>
        <p className="text-muted-foreground">
          Bring your leads over from a spreadsheet: upload a CSV file, match its columns, check the preview, then import. Either every row is
          imported or none is.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="csvFile">CSV file</Label>
              <input id="csvFile" name="csvFile" type="file" accept=".csv,text/csv" required className="text-sm" />
            </div>
            <Button type="submit" name="intent" value="upload" disabled={navigation.state !== "idle"} icon={Upload}>
              Upload
            </Button>
          </Form>
          {step?.analysis.fileError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-destructive">
              {step.analysis.fileError}
            </p>
          ) : null}
        </CardContent>
      </Card>
      {step && !step.analysis.fileError ? <ImportReview key={step.csvText.length} step={step} /> : null}
    </div>
  );
}

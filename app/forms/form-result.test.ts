import { describe, expect, it } from "vitest";
import { z } from "~/forms/zod";
import { answerForm, parseForm } from "./form-action.server";
import { answerShown, checkForm, settleForm, type FormResult } from "./form-result";
import { notFound, Refusal } from "~/refusal/refusal";
import { startWatch, watchSubmission, type FetcherView } from "./submission-outcome";

const refusal: FormResult = { ok: false, intent: "add", fieldErrors: { name: "Please enter a name" }, values: { name: "" } };

describe("the form result rule", () => {
  it("a refusal keeps the dialog open; only a form message is toasted", () => {
    expect(settleForm(refusal)).toEqual({ close: false, toast: null });
    expect(settleForm({ ...refusal, formError: "Lead not found" })).toEqual({
      close: false,
      toast: { kind: "error", title: "Error", description: "Lead not found" },
    });
    expect(settleForm({ ...refusal, formError: "It has invoices", formErrorTitle: "Failed to delete client" })).toEqual({
      close: false,
      toast: { kind: "error", title: "Failed to delete client", description: "It has invoices" },
    });
  });

  it("a success closes it: a redirect (no answer) toasts through its flash, an answer with its own toast", () => {
    expect(settleForm(undefined)).toEqual({ close: true, toast: null });
    expect(settleForm({ ok: true, toast: "Saved" })).toEqual({ close: true, toast: { kind: "success", title: "Saved" } });
    expect(settleForm({ ok: true, toast: "Thank you!", toastDescription: "We'll reply." })).toEqual({
      close: true,
      toast: { kind: "success", title: "Thank you!", description: "We'll reply." },
    });
    // News rather than a change is an info toast.
    expect(settleForm({ ok: true, toast: "All slots already exist for this period.", toastKind: "info" })).toEqual({
      close: true,
      toast: { kind: "info", title: "All slots already exist for this period." },
    });
  });

  it("settles once per submission, so each submission toasts once", () => {
    const second: FormResult = { ...refusal, formError: "Taken" };
    const renders: FetcherView<FormResult>[] = [
      { state: "idle", data: undefined },
      { state: "submitting", data: undefined },
      { state: "idle", data: second },
      { state: "idle", data: second }, // a re-render with the same answer
      { state: "loading", data: second }, // the page's data reloading
      { state: "idle", data: second },
      { state: "submitting", data: second },
      { state: "idle", data: { ...second } }, // the same refusal again, a new answer
    ];
    let watch = startWatch<FormResult>(undefined);
    const toasts: string[] = [];
    for (const render of renders) {
      const seen = watchSubmission(watch, render);
      watch = seen.watch;
      if (seen.finished) {
        const settled = settleForm(seen.answer);
        if (settled.toast) toasts.push(settled.toast.description ?? settled.toast.title);
      }
    }
    expect(toasts).toEqual(["Taken", "Taken"]);
  });
});

describe("checking a form", () => {
  const schema = z.object({ name: z.string().trim().min(1, "Please enter a name"), ids: z.array(z.uuid()).optional() });

  it("answers field errors and the values typed, never the honeypot or intent", () => {
    const form = new FormData();
    form.set("name", "  ");
    form.set("website", "spam");
    form.set("intent", "add");
    expect(checkForm(schema, form)).toEqual({ ok: false, fieldErrors: { name: "Please enter a name" }, values: { name: "  " } });
  });

  it("reads a repeated field as a list", () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.append("ids", "0b6f3c5e-0d6b-4c4e-9a39-4a0f7f1f0d11");
    form.append("ids", "1b6f3c5e-0d6b-4c4e-9a39-4a0f7f1f0d11");
    const checked = checkForm(schema, form);
    expect(checked.ok && checked.data.ids).toHaveLength(2);
  });
});

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/admin/x", { method: "POST", body, headers });
}

async function answerOf(response: Response | object) {
  const answered = response as { data?: unknown; init?: ResponseInit | null };
  return { status: answered.init?.status ?? 200, body: answered.data };
}

describe("answering a form", () => {
  const schema = z.object({ id: z.uuid("Lead not found") });
  const handlers = {
    save: async (form: FormData) => {
      parseForm(schema, form);
      throw notFound("Lead not found");
    },
    conflict: async () => {
      throw new Refusal("That time is no longer available", { status: 409, field: "slot" });
    },
    crash: async () => {
      throw new Error("database down");
    },
  };

  it("refuses a field with 400, its message and the values typed", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("id", "not-a-uuid");
    expect(await answerOf(await answerForm(post(form), handlers))).toEqual({
      status: 400,
      body: { ok: false, intent: "save", fieldErrors: { id: "Lead not found" }, values: { id: "not-a-uuid" }, formError: undefined },
    });
  });

  it("turns a service's refusal into the form's message with its status", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("id", "0b6f3c5e-0d6b-4c4e-9a39-4a0f7f1f0d11");
    expect(await answerOf(await answerForm(post(form), handlers))).toMatchObject({ status: 404, body: { formError: "Lead not found" } });
    form.set("intent", "conflict");
    expect(await answerOf(await answerForm(post(form), handlers))).toMatchObject({
      status: 409,
      body: { fieldErrors: { slot: "That time is no longer available" } },
    });
  });

  it("titles a refusal's toast with the spec's failure title of its intent, unless the refusal names its own", async () => {
    const form = new FormData();
    form.set("intent", "conflict");
    const titled = await answerForm(post(form), handlers, { failureTitles: { conflict: "Failed to confirm booking" } });
    expect(await answerOf(titled)).toMatchObject({ status: 409, body: { formErrorTitle: "Failed to confirm booking" } });
    const own = await answerForm(post(form), { conflict: async () => { throw new Refusal("Has invoices", { title: "Failed to delete client" }); } }, { failureTitles: { conflict: "Other" } });
    expect(await answerOf(own)).toMatchObject({ body: { formErrorTitle: "Failed to delete client" } });
  });

  it("refuses an unknown intent and a body that is not a form with 400", async () => {
    const form = new FormData();
    form.set("intent", "nope");
    expect(await answerOf(await answerForm(post(form), handlers))).toMatchObject({ status: 400, body: { formError: "Unknown action" } });
    const broken = post("--x\r\nContent-Disposition: form-data\r\n", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await answerOf(await answerForm(broken, handlers))).toMatchObject({ status: 400 });
  });

  it("lets a fault through: it is not a refusal", async () => {
    const form = new FormData();
    form.set("intent", "crash");
    await expect(answerForm(post(form), handlers)).rejects.toThrow("database down");
  });

  it("answers a fault of an intent given a fault message as a refusal (500) that keeps what was typed", async () => {
    const form = new FormData();
    form.set("intent", "crash");
    form.set("name", "Ada");
    const answered = await answerForm(post(form), handlers, { faultMessages: { crash: "Failed to book: Failed to confirm booking" } });
    expect(await answerOf(answered)).toEqual({
      status: 500,
      body: { ok: false, intent: "crash", fieldErrors: {}, values: { name: "Ada" }, formError: "Failed to book: Failed to confirm booking" },
    });
    // Another intent's fault is still a fault.
    await expect(answerForm(post(form), handlers, { faultMessages: { save: "x" } })).rejects.toThrow("database down");
  });
});

describe("the answer a form shows", () => {
  const refused = { ok: false as const, intent: "save", fieldErrors: { name: "Name is required" }, values: { name: "" } };
  const saved = { ok: true as const, intent: "save", toast: "Saved" };

  it("is the fetcher's, else the one the page got without JavaScript", () => {
    expect(answerShown({ latest: undefined, initial: refused }, "save").refusal).toBe(refused);
    expect(answerShown({ latest: saved, initial: refused }, "save")).toEqual({ refusal: null, succeeded: saved });
  });

  it("is not one cleared since, nor another intent's", () => {
    expect(answerShown({ latest: refused, cleared: refused }, "save")).toEqual({ refusal: null, succeeded: null });
    expect(answerShown({ latest: undefined, initial: saved }, "delete")).toEqual({ refusal: null, succeeded: null });
  });
});

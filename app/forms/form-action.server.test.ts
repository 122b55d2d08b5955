import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { OUTAGE_FORM_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "~/http/database-outage";
import { answerForm } from "./form-action.server";
import type { FormRefusal } from "./form-result";

// A database nobody answers for (nothing listens on port 1): what a service meets while PostgreSQL restarts.
const unreachable = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/nothing", max: 1 });
afterAll(() => unreachable.end());

function posted(fields: Record<string, string>): Request {
  return new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

type DataAnswer = { data: FormRefusal; init: ResponseInit | null };

describe("a form posted while the database is away", () => {
  it("is refused with 503 and Retry-After, keeping what was typed, whatever the form", async () => {
    const saveLead = async () => {
      await unreachable.query("insert into leads default values");
      return { ok: true };
    };
    for (const options of [{}, { faultMessages: { default: "Something went wrong on our side." } }]) {
      const answer = (await answerForm(posted({ name: "Vera", email: "vera@example.com", message: "Hello", website: "" }), { default: saveLead }, options)) as unknown as DataAnswer;
      expect(answer.init?.status).toBe(503);
      expect(new Headers(answer.init?.headers).get("Retry-After")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(answer.data).toEqual({ ok: false, fieldErrors: {}, values: { name: "Vera", email: "vera@example.com", message: "Hello" }, formError: OUTAGE_FORM_MESSAGE });
    }
  });

  it("names the intent refused, so that the page shows it on that form only", async () => {
    const answer = (await answerForm(posted({ intent: "rename", name: "New name" }), {
      rename: async () => {
        await unreachable.query("select 1");
        return { ok: true };
      },
    })) as unknown as DataAnswer;
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toMatchObject({ intent: "rename", values: { name: "New name" } });
  });

  it("is no reason to answer any other fault so: it stays the error page's", async () => {
    await expect(answerForm(posted({ name: "Vera" }), { default: () => Promise.reject(new TypeError("a bug")) })).rejects.toThrow("a bug");
  });
});

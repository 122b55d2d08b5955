import { describe, expect, it } from "vitest";
import { notFound, Refusal } from "./refusal";

describe("a refusal", () => {
  it("carries a code for callers: its status's kind unless the service names one", () => {
    expect(new Refusal("No").code).toBe("invalid");
    expect(new Refusal("Too big", { status: 413 }).code).toBe("too-large");
    expect(notFound("Client not found").code).toBe("not-found");
    expect(new Refusal("This time slot is no longer available.", { status: 409, code: "booking.slot-taken" }).code).toBe("booking.slot-taken");
  });

  it("names the field it is about, with its message for that field", () => {
    const refusal = new Refusal("Enter a name", { field: "name" });
    expect(refusal.fieldErrors).toEqual({ name: "Enter a name" });
    expect(refusal.status).toBe(400);
  });
});

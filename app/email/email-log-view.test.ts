import { readListView } from "~/lists/list-view";
import { describe, expect, it } from "vitest";
import { canSendAgain, messageStatus, EMAIL_LOG_VIEW } from "./email-log-view";

describe("messageStatus", () => {
  it("tells a message never tried (queued) from one waiting for its next try (retrying)", () => {
    expect(messageStatus({ status: "pending", attempts: 0 })).toBe("queued");
    expect(messageStatus({ status: "pending", attempts: 2 })).toBe("retrying");
    expect(messageStatus({ status: "stored", attempts: 1 })).toBe("stored");
  });

  it("lets only a failed or stored message be sent again", () => {
    expect((["queued", "sending", "sent", "stored", "retrying", "failed", "suppressed"] as const).filter(canSendAgain)).toEqual(["stored", "failed"]);
  });
});

describe("readListView", () => {
  it("keeps known filters and drops anything else", () => {
    expect(readListView(new URLSearchParams("type=booking_reminder&status=retrying&q=%20ana%20"), EMAIL_LOG_VIEW)).toMatchObject({ type: "booking_reminder", status: "retrying", q: "ana" });
    expect(readListView(new URLSearchParams("type=x';--&status=lost"), EMAIL_LOG_VIEW)).toMatchObject({ type: null, status: null, q: "" });
  });
});

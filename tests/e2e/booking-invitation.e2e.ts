import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysToDate } from "~/availability/slot-time";
import { dayIn } from "~/formatting/dates";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, launchBrowser } from "./support/browser";

// A new install has no slots: the first invitation is refused, and its dialog offers Generate Slots.

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

describe("the booking invitation dialog", () => {
  it("refused for want of slots, offers Generate Slots in place: it says why it cannot, makes the window's slots, then the invitation goes", async () => {
    const inquiry = await fetch(`${app.url}/inquiry`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ name: "Gail Generate", email: "gail@example.test" }),
    });
    expect(inquiry.ok).toBe(true);

    const admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
    const page = await admin.newPage();
    await page.goto("/admin/consultations?tab=invitations");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Send booking invitation" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Lead").selectOption({ label: "Gail Generate (gail@example.test)" });
    await dialog.getByLabel("Availability window").selectOption("14");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(page, "Failed to send booking invitation");
    await dialog.getByText("No available slots. Click 'Generate Slots' first.").waitFor();

    // No recurring rules yet: generating says so, and the dialog stays as it was.
    await dialog.getByRole("button", { name: "Generate Slots" }).click();
    await toast(page, "Failed to generate slots: No recurring rules found. Add them in the Availability tab first.");
    expect(await dialog.getByLabel("Availability window").inputValue()).toBe("14");

    // The admin adds a rule for tomorrow's weekday in another tab, and comes back to the dialog.
    const tomorrow = addDaysToDate(dayIn(new Date(), "America/New_York"), 1);
    const rules = await admin.newPage();
    await rules.goto("/admin/availability?tab=rules");
    await rules.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await rules.getByRole("button", { name: "Add Rule" }).click();
    const ruleDialog = rules.getByRole("dialog");
    await ruleDialog.getByLabel("Day of week").selectOption(String(new Date(`${tomorrow}T12:00:00Z`).getUTCDay()));
    await ruleDialog.getByLabel("Start time").fill("09:00");
    await ruleDialog.getByLabel("End time").fill("10:00");
    await ruleDialog.getByRole("button", { name: "Add Rule" }).click();
    await toast(rules, "Recurring rule added");
    await rules.close();

    // Tomorrow and a week later hold two 30-minute slots each, within the 14 days.
    await dialog.getByRole("button", { name: "Generate Slots" }).click();
    await toast(page, "Generated 4 available time slots!");
    await dialog.getByRole("button", { name: "Generate Slots" }).waitFor({ state: "detached" });
    expect(await dialog.getByText("No available slots.").count()).toBe(0);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(page, "Booking invitation sent with your calendar availability!");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("table", { name: "Booking invitations" }).getByText("Gail Generate").waitFor();
    await admin.close();
  });
});

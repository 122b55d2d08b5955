import { afterAll, beforeAll } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import { withTestDatabase } from "./test-database";
import { serveStripeWebhook } from "./webhook-server";

/**
 * A test file about card payments: the Stripe stand-in started and its three variables put in this
 * process's environment (each integration file has its own process), a test database per test, and
 * the app's webhook route served over HTTP for the stand-in to deliver its signed events to.
 */
export async function withStripeStandIn(): Promise<StripeStandIn & { webhookUrl: string | null }> {
  const standIn = await startStripeStandIn();
  Object.assign(process.env, standIn.environment);
  withTestDatabase();
  let app: Awaited<ReturnType<typeof serveStripeWebhook>> | undefined;
  beforeAll(async () => {
    app = await serveStripeWebhook();
    standIn.webhookUrl = app.webhookUrl;
  });
  afterAll(async () => {
    await app?.stop();
    await standIn.stop();
  });
  return standIn;
}

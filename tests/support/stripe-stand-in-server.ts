import { startStripeStandIn } from "./stripe-stand-in";

// The Stripe stand-in on its own, to try card payments by hand (README, "Card payments"):
//   npx tsx tests/support/stripe-stand-in-server.ts [port] [webhook URL]
// then start the app with the three variables it prints. Its page (/) lists the events it
// delivered, to deliver again (as is, with a forged signature, signed 301 s ago), and the
// payments, to refund.

const [port = "12111", webhookUrl = "http://localhost:3000/webhooks/stripe"] = process.argv.slice(2);
const standIn = await startStripeStandIn({ port: Number(port), webhookUrl });
console.log(`Stripe stand-in at ${standIn.url}, delivering to ${webhookUrl}. Start the app with:`);
for (const [name, value] of Object.entries(standIn.environment)) console.log(`${name}=${value}`);
const stop = () => void standIn.stop().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

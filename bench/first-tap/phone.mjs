// The phone of `npm run bench:first-tap`: 412×915 CSS px at 2.625, touch, a mobile user agent; the
// network slowed through the DevTools protocol to 150 ms latency, 1.6 Mbps down and 750 Kbps up, the
// CPU 4× slower; a fresh browser context per run (cold cache, no cookies).
import { devices } from "playwright-core";

export const PHONE = {
  viewport: { width: 412, height: 915 },
  screen: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent: devices["Pixel 7"].userAgent,
};
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

/**
 * Gives the page the phone's slow network and CPU. Returns a counter of the bytes of JavaScript
 * the page has received so far (encoded, headers included), from the DevTools protocol.
 */
export async function slowDown(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const scripts = new Set();
  const received = new Map();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.dataReceived", (event) => received.set(event.requestId, (received.get(event.requestId) ?? 0) + event.encodedDataLength));
  cdp.on("Network.loadingFinished", (event) => received.set(event.requestId, event.encodedDataLength));
  return () => [...scripts].reduce((sum, id) => sum + (received.get(id) ?? 0), 0);
}

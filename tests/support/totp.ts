import { generate } from "otplib";

const PERIOD_SECONDS = 30;
const lastSteps = new Map<string, number>();

/**
 * A code an authenticator app would show for `secret` that this process has not used yet: a code is
 * good once (the app remembers the last time-step used), so a test that needs several takes the
 * next step's code (one step of drift is allowed), or waits for the clock when that one is used too.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
    const step = Math.max(current, (lastSteps.get(secret) ?? current - 1) + 1);
    if (step <= current + 1) {
      lastSteps.set(secret, step);
      return generate({ secret, epoch: step * PERIOD_SECONDS });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The code `freshCode` answered last for `secret`: an attacker's replay of it. */
export async function lastUsedCode(secret: string): Promise<string> {
  const step = lastSteps.get(secret);
  if (step === undefined) throw new Error("No code of this secret was used yet");
  return generate({ secret, epoch: step * PERIOD_SECONDS });
}

/** The health probes' paths (/healthz, /readyz): answered first, never rate-limited, logged at debug level. */
export const HEALTH_PATHS = ["/healthz", "/readyz"] as const;

export function isHealthCheck(path: string): boolean {
  return (HEALTH_PATHS as readonly string[]).includes(path);
}

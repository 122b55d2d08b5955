/** A TCP port nobody listens on right now, for a server started by a test or a benchmark. */
export function freePort(): Promise<number>;

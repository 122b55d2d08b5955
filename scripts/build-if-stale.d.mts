/** Builds the app when its sources changed since the last build; true when it built. */
export function buildIfStale(root: string): boolean;

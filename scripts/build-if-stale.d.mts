/** Builds the app when its sources changed since the last build; true when it built. */
export function buildIfStale(root: string): boolean;
/** Before serving: chdir to `root`, build if stale (exit 1 with its message when the build fails), NODE_ENV=production unless set. */
export function prepareToServe(root: string): void;

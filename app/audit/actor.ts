/**
 * Who changes data, and from where (decision 020). Every service that changes data takes the Actor
 * as its first argument and writes its audit entry with it, inside its own transaction: the change
 * and its entry commit together or not at all. An admin's Actor comes from the guard
 * (`requireAdmin(request).actor`); the product's own work (the worker, the console) has its own.
 */
export type Actor = {
  /** The admin's account; null for the product's own work. */
  userId: string | null;
  /** Kept in the entry, so it still says who after the account is removed. */
  email: string | null;
  /** The session the change came through. */
  sessionId: string | null;
  /** The network address the request came from. */
  ipAddress: string | null;
};

/** The product itself, acting without an admin: a scheduled job, the admin console (`npm run admin`). */
export function systemActor(name: "worker" | "console"): Actor {
  return { userId: null, email: name === "console" ? "console" : "system", sessionId: null, ipAddress: null };
}

/**
 * A client correcting their own details in the client portal: no admin, no account, and no
 * network address (the log keeps no client's data; decision 033).
 */
export function clientPortalActor(): Actor {
  return { userId: null, email: "client portal", sessionId: null, ipAddress: null };
}

/**
 * A payment provider telling the site of money received or given back (Stripe's signed webhook,
 * decision 047): no admin, no session; the log names the provider.
 */
export function paymentProviderActor(provider: "Stripe"): Actor {
  return { userId: null, email: provider, sessionId: null, ipAddress: null };
}

/**
 * The header that carries, to better-auth, the visitor's address as the server saw it: better-auth
 * reads it for its own limits and the sessions list, and the sign-in policy for its counters.
 * Whatever a visitor sends under that name is replaced, so it is never a header the visitor chose.
 */
export const CLIENT_ADDRESS_HEADER = "x-agency-client-address";

/** A request's headers for better-auth, carrying the address the server saw. */
export function authRequestHeaders(headers: Headers, clientAddress: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return copy;
}

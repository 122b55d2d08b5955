// What the client portal says, where the browser and the server say the same thing (pure).

export const PORTAL_UNAVAILABLE = "The client portal is not available.";

export const LINK_UNUSABLE = "This sign-in link has expired or was already used. Ask for a new one below.";

/** The one answer to a sign-in request, whether or not the address is a client's. */
export function signInLinkSentText(email: string): string {
  return `If ${email} is the address we have for you, a sign-in link is on its way. It works once, for 15 minutes. Check your spam folder if it does not arrive.`;
}

import { createContext, useContext } from "react";

/**
 * The answer's Content-Security-Policy nonce, while the server renders a page (entry.server.tsx);
 * the inline scripts the layout writes carry it. Nothing in the browser: a script already in the
 * page needs none, and the browser hides the attribute anyway.
 */
export const CspNonce = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonce);
}

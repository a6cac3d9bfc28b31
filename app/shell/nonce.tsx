import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server for <Scripts> and <ScrollRestoration>. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

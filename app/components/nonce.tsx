import { createContext, useContext } from "react";

// The per-request CSP nonce. On the server it comes from the load context; in the browser the nonce
// attribute is hidden from the DOM, so the client reads '' and React keeps the server's attribute.
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);

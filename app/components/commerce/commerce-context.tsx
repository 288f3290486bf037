import { createContext, useContext, type ReactNode } from "react";
import type { PageCommerce } from "~/prices/price-types";

// The page's loaded prices and experiences, for PriceTag and the experience cards.

const Context = createContext<PageCommerce | null>(null);

export function CommerceProvider({ value, children }: { value: PageCommerce | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useCommerce(): PageCommerce | null {
  return useContext(Context);
}

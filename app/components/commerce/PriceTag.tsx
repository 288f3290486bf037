import { useEffect } from "react";
import type { PriceSource } from "~/content/page-document";
import { styled } from "../../../tokens/stitches.config";
import { track } from "../../../tracking/track";
import { priceSourceKey } from "~/prices/commerce-keys";
import { useCommerce } from "./commerce-context";

// CONTRACT (prices issue implements): shows the price for a source from the page's loaded prices, as
// the server formatted it in the page language (commerce-text.server.ts); empty (and tracked as
// price_unavailable) when missing.
export interface PriceTagProps {
  source: PriceSource;
  /** Text before the amount, e.g. "from". */
  label?: string;
  truncate?: boolean;
}

const Tag = styled("span", {
  display: "inline-flex",
  alignItems: "baseline",
  gap: "$4",
  strong: { fontWeight: "$bold", fontSize: "1.1em", whiteSpace: "nowrap" },
});

export function PriceTag({ source, label, truncate }: PriceTagProps) {
  const commerce = useCommerce();
  const key = priceSourceKey(source);
  const formatted = commerce?.text.prices[key];
  // docs/requirements.md#5-rules: empty when the price or the currency code is missing.
  const text = (truncate ? formatted?.compact : formatted?.full) ?? "";

  useEffect(() => {
    if (!text) track("price_unavailable", { source_kind: source.kind, source_id: source.id });
  }, [text, source.kind, source.id]);

  if (!text) return <Tag data-price-source={key} data-price-state="unavailable" />;
  return (
    <Tag data-price-source={key} data-price-state="shown">
      {label ? <span>{label}</span> : null}
      <strong>{text}</strong>
    </Tag>
  );
}

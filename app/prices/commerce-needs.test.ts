import { describe, expect, it } from "vitest";
import { collectCommerceNeeds, scanRichText } from "./commerce-needs";

describe("scanRichText", () => {
  it("finds inline price and experience blocks, quoted or not", () => {
    expect(
      scanRichText(`From {price kind=collection id=5001} or {price kind="category" id='1143' city="Paris"}. {experience id=10011} {experience tgid=17637}`),
    ).toEqual({
      priceSources: [
        { kind: "collection", id: 5001 },
        { kind: "category", id: 1143, city: "Paris" },
      ],
      experienceIds: [10011, 17637],
    });
  });

  it("skips malformed ones and other inline blocks", () => {
    expect(scanRichText("{price kind=planet id=1} {price kind=collection id=abc} {experience id=-3} {icon type=Sun} {cta id=5}")).toEqual({
      priceSources: [],
      experienceIds: [],
    });
  });
});

describe("collectCommerceNeeds", () => {
  it("collects block and inline sources once each", () => {
    const needs = collectCommerceNeeds({
      body: [
        { type: "price", label: "from", source: { kind: "collection", id: 5001 } },
        { type: "rich_text", text: "{price kind=collection id=5001} {experience id=1} {experience id=1}" },
        { type: "experience_list", title: "x", source: { kind: "tour-groups", ids: [1, 2] }, limit: 1 },
      ],
    });
    expect(needs).toEqual({
      priceSources: [{ kind: "collection", id: 5001 }],
      lists: [{ source: { kind: "tour-groups", ids: [1, 2] }, limit: 1 }],
      inlineExperienceIds: [1],
    });
  });
});

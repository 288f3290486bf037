import { describe, expect, it } from "vitest";
import { experienceText, priceText } from "./commerce-text.server";
import type { Experience } from "./price-types";

const experience: Experience = {
  id: 1,
  name: "Louvre",
  imageUrl: null,
  flowType: "NORMAL",
  price: 1234.5,
  currency: "EUR",
  averageRating: 4.56,
  ratingsCount: 12345,
  category: null,
};

describe("commerce text", () => {
  it("a price in full and compact (more than 3 digits), in the page language", () => {
    expect(priceText({ amount: 1234.5, currency: "EUR" }, "en")).toEqual({ full: "€1,234.50", compact: "€1.2K" });
    expect(priceText({ amount: 999, currency: "EUR" }, "en")).toEqual({ full: "€999", compact: "€999" });
    expect(priceText({ amount: 25, currency: "CHF" }, "de").full.replace(/\s/g, " ")).toBe("25 CHF");
  });

  it("a missing price is empty text", () => {
    expect(priceText({}, "en")).toEqual({ full: "", compact: "" });
    expect(priceText(undefined, "en")).toEqual({ full: "", compact: "" });
  });

  it("an experience's price, rating (1 decimal) and review count", () => {
    expect(experienceText(experience, "en")).toEqual({ price: "€1,234.50", rating: "4.6", count: "12,345" });
    expect(experienceText(experience, "de")).toMatchObject({ rating: "4,6", count: "12.345" });
    expect(experienceText({ ...experience, price: null, averageRating: null }, "en")).toEqual({ price: "", rating: "", count: "12,345" });
  });
});

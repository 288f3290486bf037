import { describe, expect, it } from "vitest";
import { reviewTrust } from "./review-trust";

describe("reviewTrust (docs/requirements.md#9-constants: strong when average >= 4 AND ratings >= 100)", () => {
  it.each([
    [4.0, 100, "strong"],
    [4.9, 100, "strong"],
    [5, 25410, "strong"],
    [3.99, 100, "weak"],
    [3.9, 5000, "weak"],
    [4.0, 99, "weak"],
    [4.9, 99, "weak"],
    [4.5, 1, "weak"],
    [0, 0, "none"],
    [4.8, 0, "none"],
    [null, 200, "none"],
    [Number.NaN, 200, "none"],
  ] as const)("average %s with %s ratings is %s", (averageRating, ratingsCount, expected) => {
    expect(reviewTrust({ averageRating, ratingsCount })).toBe(expected);
  });
});

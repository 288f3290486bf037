import { describe, expect, it } from "vitest";
import { isValidEmail, MAX_EMAIL_LENGTH } from "./email";

describe("isValidEmail (docs/requirements.md#5-rules)", () => {
  it.each(["a@b.co", "first.last+tag@mail.example.com", "x_y%z-1@sub-domain.example.travel", "  hello@paris.fr  ", "A@B.CO"])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ["a@b.c", "one-letter suffix (needs 2)"],
    ["a@b.c1", "suffix with a digit"],
    ["a@b", "no suffix"],
    ["@b.co", "no local part"],
    ["a@.co", "empty domain label"],
    ["a@b..co", "empty label inside the domain"],
    ["a@-b.co", "label starting with a dash"],
    ["a b@c.co", "space in the local part"],
    ["a@@b.co", "two @"],
    ["a@b.co.", "trailing dot"],
    ["", "empty"],
  ])("refuses %j (%s)", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("refuses null, undefined and addresses longer than 254 characters", () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
    const domain = "@example.com";
    expect(isValidEmail("a".repeat(MAX_EMAIL_LENGTH - domain.length) + domain)).toBe(true);
    expect(isValidEmail("a".repeat(MAX_EMAIL_LENGTH - domain.length + 1) + domain)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { bookingSubdomain, bookingUrl, BOOKING_FLOW_SEGMENTS, isBookingDate, NO_DATE_TOUR_GROUPS } from "./booking-url";
import { FLOW_TYPES } from "../../tracking/flow-types";

const base = { subdomain: "paris-experiences", domain: "book.roamly.example", lang: "en", currency: "EUR", date: "2030-05-01" };

describe("bookingUrl (docs/requirements.md#2-pages-and-the-shell)", () => {
  it("has a distinct segment for every flow type", () => {
    expect(Object.keys(BOOKING_FLOW_SEGMENTS).sort()).toEqual([...FLOW_TYPES].sort());
    expect(new Set(Object.values(BOOKING_FLOW_SEGMENTS)).size).toBe(FLOW_TYPES.length);
  });

  for (const flowType of FLOW_TYPES) {
    it(`${flowType}: {subdomain}.{domain}/{lang}/book/{tgid}/${BOOKING_FLOW_SEGMENTS[flowType]}/`, () => {
      expect(bookingUrl({ ...base, tgid: 10001, flowType })).toBe(
        `https://paris-experiences.book.roamly.example/en/book/10001/${BOOKING_FLOW_SEGMENTS[flowType]}/?date=2030-05-01&currency=EUR`,
      );
    });
  }

  it("keeps the page language, including English", () => {
    expect(bookingUrl({ ...base, lang: "fr", tgid: 1, flowType: "NORMAL" })).toMatch(/^https:\/\/paris-experiences\.book\.roamly\.example\/fr\/book\/1\//);
  });

  it("adds the date unless the tour group is excluded (17637, docs/requirements.md#9-constants)", () => {
    expect(NO_DATE_TOUR_GROUPS.has(17637)).toBe(true);
    expect(bookingUrl({ ...base, tgid: 17637, flowType: "SEATMAP" })).toBe("https://paris-experiences.book.roamly.example/en/book/17637/seatmap/?currency=EUR");
    expect(bookingUrl({ ...base, tgid: 17638, flowType: "SEATMAP" })).toContain("date=2030-05-01");
  });

  it("leaves out a missing or invalid date and currency", () => {
    expect(bookingUrl({ ...base, tgid: 1, flowType: "NORMAL", date: null, currency: null })).toBe(
      "https://paris-experiences.book.roamly.example/en/book/1/select-date/",
    );
    expect(bookingUrl({ ...base, tgid: 1, flowType: "NORMAL", date: "2030-02-30", currency: "eur" })).toBe(
      "https://paris-experiences.book.roamly.example/en/book/1/select-date/",
    );
  });

  it("carries attribution in a fixed order", () => {
    expect(bookingUrl({ ...base, tgid: 1, flowType: "NORMAL", attribution: { msclkid: "m", ci: "c1", gclid: "g-1" } })).toBe(
      "https://paris-experiences.book.roamly.example/en/book/1/select-date/?date=2030-05-01&currency=EUR&ci=c1&gclid=g-1&msclkid=m",
    );
  });
});

describe("bookingSubdomain", () => {
  it("is the site's own label", () => {
    expect(bookingSubdomain("www.paris-experiences.example")).toBe("paris-experiences");
    expect(bookingSubdomain("www.london-theatre-tickets.example")).toBe("london-theatre-tickets");
    expect(bookingSubdomain("rome.tickets.example")).toBe("rome-tickets");
  });
});

describe("isBookingDate", () => {
  it("accepts real calendar dates only", () => {
    expect(isBookingDate("2028-02-29")).toBe(true);
    expect(isBookingDate("2027-02-29")).toBe(false);
    expect(isBookingDate("2027-1-01")).toBe(false);
    expect(isBookingDate(null)).toBe(false);
  });
});

import type { PageContext } from "./page-context";

// Shared by the tracking unit tests and the bench.
export const SAMPLE_CONTEXT: PageContext = {
  uid: "www.paris-experiences.example.eiffel-tower",
  host: "www.paris-experiences.example",
  lang: "en",
  currency: "EUR",
  isMobile: false,
  isBot: false,
  countryCode: "FR",
  isLTT: false,
  pageType: "collection",
  pageSubType: null,
  city: "Paris",
  country: "FR",
};

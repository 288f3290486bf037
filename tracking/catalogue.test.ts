import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { catalogue, getEventDefinition } from "./catalogue";
import { POLICY_NAMES } from "./data-layer-policy";
import { prop, type EventDefinition } from "./define-event";
import { checkJsonSchema } from "./json-schema-check";
import { definitionProblems, eventNameProblems } from "./naming";
import { buildPlan, entryDefName } from "./plan";
import { SAMPLE_CONTEXT } from "./test-fixtures";
import { validateEvent, warmValidation } from "./validate";

// Generic over the catalogue: an event added later is tested by adding its definition (with examples).

const definitions = catalogue as readonly EventDefinition[];
const plan = buildPlan() as unknown as Record<string, unknown>;
const entrySchema = (name: string) => (plan.$defs as Record<string, Record<string, unknown>>)[entryDefName(name)]!;
const planErrors = (name: string, properties: unknown) =>
  checkJsonSchema(entrySchema(name), { event: name, ...(properties as object), page: SAMPLE_CONTEXT }, plan);

describe("the catalogue", () => {
  it("has one definition per name", () => {
    const names = definitions.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(getEventDefinition(name)?.name).toBe(name);
  });

  it("gives a data-layer policy only to events it has (a misspelt name there would push what should be kept off)", () => {
    const names = new Set(definitions.map((d) => d.name));
    for (const name of POLICY_NAMES) expect(names.has(name), name).toBe(true);
    expect(getEventDefinition("header_scroll_sampled")?.dataLayer).toBe("off");
    expect(getEventDefinition("price_unavailable")?.dataLayer).toBe("dedupe");
    expect(getEventDefinition("select_item")).toMatchObject({ dataLayer: "push", ecommerce: true });
  });

  it("states each event's data-layer policy once: in data-layer-policy.ts, never again in a description", () => {
    const restating = definitions.filter((d) => /data[ -]layer:/i.test(d.description)).map((d) => d.name);
    expect(restating).toEqual([]);
  });

  it("gives an event its file's owner and version unless it states its own", () => {
    expect(getEventDefinition("header_scroll_sampled")).toMatchObject({ owner: "web-platform", version: "1-0-0" });
    expect(getEventDefinition("consent_choice_saved")).toMatchObject({ owner: "privacy", version: "1-0-0" });
    expect(getEventDefinition("price_unavailable")?.owner).toBe("platform");
  });

  it("rejects GA4-reserved and badly formed names", () => {
    for (const name of [
      "page_view",
      "scroll",
      "click",
      "error",
      "video_start",
      "video_progress",
      "video_complete",
      "session_start",
      "first_visit",
      "user_engagement",
      "form_start",
      "form_submit",
    ]) {
      expect(eventNameProblems(name).join()).toMatch(/reserved/);
    }
    expect(eventNameProblems("Menu_Opened")).not.toEqual([]);
    expect(eventNameProblems("1st_event")).not.toEqual([]);
    expect(eventNameProblems("google_thing").join()).toMatch(/prefix/);
    expect(eventNameProblems("a".repeat(40))).toEqual([]);
    expect(eventNameProblems("a".repeat(41)).join()).toMatch(/40/);
  });

  it("rejects a property named like a GA4 reserved parameter, or with a reserved prefix", () => {
    const base = getEventDefinition("menu_opened")!;
    const withProperty = (key: string): EventDefinition => ({
      ...base,
      properties: z.object({ [key]: prop(z.string().check(z.maxLength(10)), "A test property") }),
    });
    for (const key of ["engagement_time_msec", "gclid", "session_id", "session_number"]) {
      expect(definitionProblems(withProperty(key))).toEqual([`property "${key}" is a GA4 reserved parameter name`]);
    }
    for (const key of ["firebase_conversion", "ga_session_id", "ga_session_number", "google_thing", "_private", "gtag.config"]) {
      expect(definitionProblems(withProperty(key)).join()).toMatch(/reserved prefix/);
    }
    // Near misses are fine.
    expect(definitionProblems(withProperty("session_length"))).toEqual([]);
    expect(definitionProblems(withProperty("click_id"))).toEqual([]);
  });

  it("is the one source for /tracking/plan.json", () => {
    expect((plan.events as unknown[]).length).toBe(definitions.length);
  });
});

describe.each(definitions.map((d) => [d.name, d] as const))("%s", (name, definition) => {
  it("follows GA4's rules and ours (name, ≤25 parameters, described properties with PII flags, strings ≤100)", () => {
    expect(definitionProblems(definition)).toEqual([]);
  });

  it("has worked examples: at least one valid and one invalid", () => {
    expect(definition.examples?.valid.length ?? 0, `${name} needs examples.valid`).toBeGreaterThan(0);
    expect(definition.examples?.invalid.length ?? 0, `${name} needs examples.invalid`).toBeGreaterThan(0);
  });

  it("accepts each valid example, in zod and in the published JSON Schema", () => {
    for (const example of definition.examples?.valid ?? []) {
      const result = validateEvent(name, example, { page: SAMPLE_CONTEXT });
      expect(result.ok ? [] : result.issues, JSON.stringify(example)).toEqual([]);
      expect(planErrors(name, example), JSON.stringify(example)).toEqual([]);
    }
  });

  it("rejects each invalid example, in zod and in the published JSON Schema", () => {
    for (const example of definition.examples?.invalid ?? []) {
      expect(validateEvent(name, example, { page: SAMPLE_CONTEXT }).ok, JSON.stringify(example)).toBe(false);
      expect(planErrors(name, example).length, JSON.stringify(example)).toBeGreaterThan(0);
    }
  });

  it("rejects unplanned properties", () => {
    const example = definition.examples?.valid[0] ?? {};
    const result = validateEvent(name, { ...(example as object), unplanned_property: 1 }, { page: SAMPLE_CONTEXT });
    expect(result.ok).toBe(false);
  });
});

describe("validateEvent", () => {
  it("names the zod issue path", () => {
    const result = validateEvent("currency_changed", { from_currency: "USD", to_currency: "euro" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual(["properties.to_currency"]);
  });

  it("checks the shared page context", () => {
    const result = validateEvent("currency_changed", { from_currency: "USD", to_currency: "EUR" }, { page: { ...SAMPLE_CONTEXT, lang: "english" } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual(["page.lang"]);
  });

  it("checks attribution values", () => {
    const result = validateEvent("currency_changed", { from_currency: "USD", to_currency: "EUR" }, { page: SAMPLE_CONTEXT, attribution: { gclid: "a b" } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual(["attribution.gclid"]);
  });

  it("refuses unknown events", () => {
    const result = validateEvent("menu_opend", {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.message).toMatch(/Unknown event "menu_opend"/);
  });

  it("gives the same verdicts after the idle warm-up, which runs each schema once", async () => {
    let waits = 0;
    await warmValidation((run) => {
      waits++;
      queueMicrotask(run);
    });
    // One event per idle moment.
    expect(waits).toBe(definitions.length);
    for (const definition of definitions) {
      const example = definition.examples?.valid[0];
      if (example) expect(validateEvent(definition.name, example, { page: SAMPLE_CONTEXT }).ok, definition.name).toBe(true);
      expect(validateEvent(definition.name, { ...(example as object), unplanned_property: 1 }).ok, definition.name).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { buildGtmContainer, MEASUREMENT_ID_VARIABLE, variableName } from "./gtm-container";
import { MAX_PARAMETERS } from "./naming";
import { buildPlan } from "./plan";

// The container export against the plan it is built from: what an analyst imports must cover every
// pushed event exactly once, and every cross-reference must resolve, or the import fails or misleads.

const plan = buildPlan();
const container = buildGtmContainer(plan, { at: new Date("2026-11-24T10:00:00Z") });
const version = container.containerVersion;
const pushed = plan.events.filter((event) => event.dataLayer !== "off");

type Param = { key: string; value?: string; list?: Array<{ map: Param[] }> };
const param = (parameters: Param[], key: string) => parameters.find((p) => p.key === key);

describe("the tag manager container export", () => {
  it("is the format Admin → Import Container reads", () => {
    expect(container.exportFormatVersion).toBe(2);
    expect(container.exportTime).toBe("2026-11-24 10:00:00");
    expect(version.container.usageContext).toEqual(["WEB"]);
    for (const list of [version.tag, version.trigger, version.variable, version.folder]) expect(list.length).toBeGreaterThan(0);
  });

  it("has exactly one Custom Event trigger and one GA4 Event tag per pushed event, and none for events that are never pushed", () => {
    const triggered = version.trigger.map((t) => param(t.customEventFilter[0]!.parameter as Param[], "arg1")?.value);
    const tagged = version.tag.map((t) => param(t.parameter as Param[], "eventName")?.value);
    const names = pushed.map((event) => event.name).sort();
    expect([...triggered].sort()).toEqual(names);
    expect([...tagged].sort()).toEqual(names);
    for (const off of plan.events.filter((event) => event.dataLayer === "off")) {
      expect(triggered).not.toContain(off.name);
      expect(tagged).not.toContain(off.name);
    }
    for (const trigger of version.trigger) {
      expect(trigger.type).toBe("CUSTOM_EVENT");
      expect(trigger.customEventFilter[0]).toMatchObject({ type: "EQUALS", parameter: [{ key: "arg0", value: "{{_event}}" }, { key: "arg1" }] });
    }
  });

  it("gives every id once and resolves every reference: tag → trigger, tag and trigger → folder, parameter → variable", () => {
    const allIds = [
      ...version.tag.map((t) => t.tagId),
      ...version.trigger.map((t) => t.triggerId),
      ...version.variable.map((v) => v.variableId),
      ...version.folder.map((f) => f.folderId),
    ];
    expect(new Set(allIds).size).toBe(allIds.length);
    const triggerIds = new Set(version.trigger.map((t) => t.triggerId));
    const folderIds = new Set(version.folder.map((f) => f.folderId));
    const variableNames = new Set(version.variable.map((v) => v.name));
    expect(variableNames.size).toBe(version.variable.length);
    for (const tag of version.tag) {
      expect(tag.firingTriggerId.every((id) => triggerIds.has(id))).toBe(true);
      expect(folderIds.has(tag.parentFolderId!)).toBe(true);
      const references = JSON.stringify(tag.parameter).match(/\{\{[^}]+\}\}/g) ?? [];
      for (const reference of references) expect(variableNames.has(reference.slice(2, -2)), `${tag.name}: ${reference}`).toBe(true);
    }
    for (const trigger of version.trigger) expect(folderIds.has(trigger.parentFolderId!)).toBe(true);
  });

  it("maps each event's own properties to parameters through Data Layer Variables (version 2), within GA4's 25", () => {
    for (const event of pushed) {
      const tag = version.tag.find((t) => param(t.parameter as Param[], "eventName")?.value === event.name)!;
      const table = param(tag.parameter as Param[], "eventSettingsTable")!.list!;
      expect(table.length).toBeLessThanOrEqual(MAX_PARAMETERS);
      const sent = Object.fromEntries(table.map((row) => [param(row.map, "parameter")!.value, param(row.map, "parameterValue")!.value]));
      const own = Object.keys(event.properties.properties ?? {}).filter((key) => !(event.ecommerce && key === "ecommerce"));
      for (const key of own) expect(sent[key], `${event.name}.${key}`).toBe(`{{${variableName(key)}}}`);
      expect(sent.page_uid).toBe(`{{${variableName("page.uid")}}}`);
      expect(param(tag.parameter as Param[], "measurementIdOverride")?.value).toBe(`{{${MEASUREMENT_ID_VARIABLE}}}`);
      expect(tag.notes).toContain(event.description);
    }
    const dlv = version.variable.find((v) => v.name === variableName("to_currency"))!;
    expect(dlv.type).toBe("v");
    expect(dlv.parameter).toEqual(
      expect.arrayContaining([
        { type: "INTEGER", key: "dataLayerVersion", value: "2" },
        { type: "TEMPLATE", key: "name", value: "to_currency" },
      ]),
    );
  });

  it("has a variable for each field of page and attribution", () => {
    const names = new Set(version.variable.map((v) => v.name));
    for (const field of Object.keys((plan.$defs.page_context as { properties: object }).properties))
      expect(names.has(variableName(`page.${field}`))).toBe(true);
    expect(names.has(variableName("attribution.gclid"))).toBe(true);
  });

  it("sends ecommerce events' ecommerce data from the data layer", () => {
    const ecommerce = pushed.filter((event) => event.ecommerce);
    expect(ecommerce.length).toBeGreaterThan(0);
    for (const event of ecommerce) {
      const tag = version.tag.find((t) => param(t.parameter as Param[], "eventName")?.value === event.name)!;
      expect(param(tag.parameter as Param[], "sendEcommerceData")?.value).toBe("true");
      expect(param(tag.parameter as Param[], "getEcommerceDataFrom")?.value).toBe("dataLayer");
    }
  });

  it("files tags and triggers in one folder per catalogue category", () => {
    const categories = [...new Set(pushed.map((event) => event.category))].sort();
    expect(version.folder.map((f) => f.name.replace("Storefront: ", "")).sort()).toEqual(categories);
  });
});

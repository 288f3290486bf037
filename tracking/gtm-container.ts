import { ATTRIBUTION_KEYS } from "./attribution";
import { MAX_PARAMETERS } from "./naming";
import type { TrackingPlan } from "./plan";

// The tracking plan as a Google Tag Manager container export (Admin → Import Container reads it:
// exportFormatVersion 2 and a containerVersion with variables, triggers, tags and folders). Analysts
// build tags, not JSON Schema: importing this gives them, for every event the storefront pushes, a
// Custom Event trigger on its exact name and a GA4 Event tag whose parameters read the event's
// properties through Data Layer Variables. Events whose data-layer policy is `off` never reach the
// data layer and are left out. Built from the plan, so it can never describe another catalogue.

type Parameter =
  { type: "TEMPLATE" | "INTEGER" | "BOOLEAN"; key: string; value: string } | { type: "LIST"; key: string; list: Array<{ type: "MAP"; map: Parameter[] }> };

interface GtmVariable {
  accountId: string;
  containerId: string;
  variableId: string;
  name: string;
  type: "v" | "c";
  notes?: string;
  parameter: Parameter[];
  parentFolderId?: string;
}

interface GtmTrigger {
  accountId: string;
  containerId: string;
  triggerId: string;
  name: string;
  type: "CUSTOM_EVENT";
  customEventFilter: Array<{ type: "EQUALS"; parameter: Parameter[] }>;
  notes?: string;
  parentFolderId?: string;
}

interface GtmTag {
  accountId: string;
  containerId: string;
  tagId: string;
  name: string;
  type: "gaawe";
  notes?: string;
  parameter: Parameter[];
  firingTriggerId: string[];
  tagFiringOption: "ONCE_PER_EVENT";
  parentFolderId?: string;
}

interface GtmFolder {
  accountId: string;
  containerId: string;
  folderId: string;
  name: string;
  notes?: string;
}

/** What the storefront's CSP lets a container do (docs/tracking.md#the-tag-manager-under-the-pages-csp). */
export const CUSTOM_SCRIPTS_NOTE =
  "Custom HTML tags and Custom JavaScript variables do not run on the storefront: its Content-Security-Policy allows inline script only by the hash of text known when the page is rendered, so the page pushes gtm.blocklist ['customScripts'] before the container loads and the tag manager refuses them. Built-in and template tags (GA4 among them) load their scripts by URL and run.";

export interface GtmContainerExport {
  exportFormatVersion: 2;
  exportTime: string;
  containerVersion: {
    path: string;
    accountId: string;
    containerId: string;
    containerVersionId: string;
    name: string;
    description: string;
    container: { path: string; accountId: string; containerId: string; name: string; publicId: string; usageContext: ["WEB"]; notes: string };
    tag: GtmTag[];
    trigger: GtmTrigger[];
    variable: GtmVariable[];
    folder: GtmFolder[];
    builtInVariable: Array<{ accountId: string; containerId: string; type: "EVENT"; name: "Event" }>;
  };
}

/** The constant the tags send to; the analyst replaces its value with the property's G-… id after import. */
export const MEASUREMENT_ID_VARIABLE = "GA4 Measurement ID";
const MEASUREMENT_ID_PLACEHOLDER = "G-XXXXXXXXXX";
/** Page-context fields every tag sends besides the event's own (all fields are variables for other uses). */
const PAGE_FIELDS_SENT = ["uid", "pageType", "lang", "currency", "host"] as const;

const ACCOUNT = "0";
const CONTAINER = "0";
const ids = { accountId: ACCOUNT, containerId: CONTAINER };

export const variableName = (dataLayerKey: string) => `DLV - ${dataLayerKey}`;
/** GA4 parameter names are snake_case; page fields go as page_<field> (page_uid, page_pageType → page_page_type). */
const pageParameterName = (field: string) => `page_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

const template = (key: string, value: string): Parameter => ({ type: "TEMPLATE", key, value });

function dataLayerVariable(variableId: string, key: string, notes: string): GtmVariable {
  return {
    ...ids,
    variableId,
    name: variableName(key),
    type: "v",
    notes,
    parameter: [{ type: "INTEGER", key: "dataLayerVersion", value: "2" }, { type: "BOOLEAN", key: "setDefaultValue", value: "false" }, template("name", key)],
  };
}

function eventParameters(pairs: Array<[name: string, variable: string]>): Parameter {
  return {
    type: "LIST",
    key: "eventSettingsTable",
    list: pairs.map(([name, variable]) => ({ type: "MAP", map: [template("parameter", name), template("parameterValue", `{{${variable}}}`)] })),
  };
}

/** "YYYY-MM-DD HH:MM:SS", as the tag manager writes exportTime. */
function exportTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace("T", " ");
}

export function buildGtmContainer(plan: TrackingPlan, { at = new Date() }: { at?: Date } = {}): GtmContainerExport {
  const pushed = plan.events.filter((event) => event.dataLayer !== "off");
  let nextId = 1;
  const id = () => String(nextId++);

  const folders = new Map<string, GtmFolder>();
  const folderOf = (category: string) => {
    let folder = folders.get(category);
    if (!folder) {
      folder = { ...ids, folderId: id(), name: `Storefront: ${category}`, notes: `Events of the "${category}" category in the storefront's tracking plan.` };
      folders.set(category, folder);
    }
    return folder.folderId;
  };

  const variables: GtmVariable[] = [
    {
      ...ids,
      variableId: id(),
      name: MEASUREMENT_ID_VARIABLE,
      type: "c",
      notes: "Replace with your GA4 measurement id (G-…) after import.",
      parameter: [template("value", MEASUREMENT_ID_PLACEHOLDER)],
    },
  ];
  const variableFor = new Map<string, string>();
  const addVariable = (key: string, notes: string) => {
    if (variableFor.has(key)) return;
    const variable = dataLayerVariable(id(), key, notes);
    variables.push(variable);
    variableFor.set(key, variable.name);
  };
  const pageContext = plan.$defs.page_context as { properties?: Record<string, { description?: string }> };
  for (const [field, schema] of Object.entries(pageContext.properties ?? {})) addVariable(`page.${field}`, schema.description ?? `page.${field}`);
  for (const key of ATTRIBUTION_KEYS) addVariable(`attribution.${key}`, `Attribution key ${key} (last touch), when the visit has one`);

  const triggers: GtmTrigger[] = [];
  const tags: GtmTag[] = [];
  for (const event of pushed) {
    const folder = folderOf(event.category);
    const properties = (event.properties.properties ?? {}) as Record<string, { description?: string }>;
    // GA4 ecommerce events read `ecommerce` from the data layer themselves (sendEcommerceData).
    const keys = Object.keys(properties).filter((key) => !(event.ecommerce && key === "ecommerce"));
    for (const key of keys) addVariable(key, properties[key]?.description ?? key);

    const trigger: GtmTrigger = {
      ...ids,
      triggerId: id(),
      name: `Event - ${event.name}`,
      type: "CUSTOM_EVENT",
      customEventFilter: [{ type: "EQUALS", parameter: [template("arg0", "{{_event}}"), template("arg1", event.name)] }],
      notes: event.description,
      parentFolderId: folder,
    };
    triggers.push(trigger);

    const pairs: Array<[string, string]> = [
      ...keys.map((key): [string, string] => [key, variableFor.get(key)!]),
      ...PAGE_FIELDS_SENT.map((field): [string, string] => [pageParameterName(field), variableFor.get(`page.${field}`)!]),
    ].slice(0, MAX_PARAMETERS); // GA4 takes 25 per event: the page fields fill what the event leaves
    tags.push({
      ...ids,
      tagId: id(),
      name: `GA4 - ${event.name}`,
      type: "gaawe",
      notes: `${event.description} (version ${event.version}; emitted by ${event.emittedBy.join(", ") || "components"})`,
      parameter: [
        template("eventName", event.name),
        template("measurementIdOverride", `{{${MEASUREMENT_ID_VARIABLE}}}`),
        eventParameters(pairs),
        ...(event.ecommerce ? [{ type: "BOOLEAN", key: "sendEcommerceData", value: "true" } as Parameter, template("getEcommerceDataFrom", "dataLayer")] : []),
      ],
      firingTriggerId: [trigger.triggerId],
      tagFiringOption: "ONCE_PER_EVENT",
      parentFolderId: folder,
    });
  }

  return {
    exportFormatVersion: 2,
    exportTime: exportTime(at),
    containerVersion: {
      path: `accounts/${ACCOUNT}/containers/${CONTAINER}/versions/0`,
      ...ids,
      containerVersionId: "0",
      name: "Storefront tracking plan",
      description: `${plan.description} ${pushed.length} events; import with Admin → Import Container (merge). ${CUSTOM_SCRIPTS_NOTE}`,
      container: {
        path: `accounts/${ACCOUNT}/containers/${CONTAINER}`,
        ...ids,
        name: "Storefront",
        publicId: "GTM-XXXXXXX",
        usageContext: ["WEB"],
        notes: CUSTOM_SCRIPTS_NOTE,
      },
      tag: tags,
      trigger: triggers,
      variable: variables,
      folder: [...folders.values()],
      builtInVariable: [{ ...ids, type: "EVENT", name: "Event" }],
    },
  };
}

import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { varyHeader } from "~/page/page-headers.server";
import { LivePanel, Table } from "~/components/tracking/LivePanel";
import { styled } from "../../tokens/stitches.config";
import { EVENT_CATEGORIES } from "../../tracking/define-event";
import { storefrontPlan } from "../../machines/storefront-plan";
import { CUSTOM_SCRIPTS_NOTE } from "../../tracking/gtm-container";
import planHistory from "../../tracking/plan-history.json";
import { propertyRows, type PropertyRow } from "../../tracking/plan-rows";

// GET /tracking: the event catalogue for analysts, generated from the definitions.

export const meta: MetaFunction = () => [
  { title: "Tracking plan · Storefront" },
  { name: "robots", content: "noindex" },
  { name: "description", content: "Every event the storefront pushes to the tag manager's data layer." },
];

export function loader({ context }: LoaderFunctionArgs) {
  const plan = storefrontPlan();
  const data = {
    customScriptsNote: CUSTOM_SCRIPTS_NOTE,
    pageContext: propertyRows(plan.$defs.page_context!),
    attribution: propertyRows(plan.$defs.attribution!),
    events: plan.events.map(({ properties, entry: _entry, ...event }) => ({
      ...event,
      rows: propertyRows(properties),
      // Newest first, from the released plans (npm run tracking:release writes tracking/plan-history.json).
      history: planHistory
        .filter((entry) => entry.event === event.name)
        .map(({ version, date, changes }) => ({ version, date, changes }))
        .reverse(),
    })),
  };
  return json(data, { headers: { Vary: varyHeader(context.request.vary) } });
}

// Shared caches may keep it; its <head> (consent defaults) differs by country and device, as a page's does.
export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": "public, max-age=60", Vary: loaderHeaders.get("Vary") ?? "" });

const Main = styled("main", { contentColumn: true, py: "$32", display: "grid", gap: "$32", h2: { marginBottom: "$8" } });
const Meta = styled("dl", {
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "$4 $16",
  margin: "$8 0",
  dt: { fontWeight: "$semibold", color: "$textSubtle" },
  dd: { margin: 0 },
});
const Pii = styled("strong", { color: "$textError" });
const CategoryNav = styled("nav", { ul: { display: "flex", flexWrap: "wrap", gap: "$8 $16", listStyle: "none", padding: 0, margin: 0 } });
const History = styled("ul", { margin: "$8 0 0", paddingLeft: "$20", color: "$textSubtle" });
const EventSection = styled("section", { borderTop: "1px solid $divider", paddingTop: "$24", scrollMarginTop: "$16" });

function PropertyTable({ caption, rows }: { caption: string; rows: PropertyRow[] }) {
  if (rows.length === 0) return <p>No properties besides the page context.</p>;
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Property</th>
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Description</th>
          <th scope="col">PII</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path}>
            <th scope="row">
              <code>{row.path}</code>
            </th>
            <td>
              <code>{row.type}</code>
            </td>
            <td>{row.required ? "required" : "optional"}</td>
            <td>{row.description}</td>
            <td>{row.pii ? <Pii>PII</Pii> : "no"}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** What the performance category is, in a few lines (docs/tracking.md, "Field Web Vitals"). */
function FieldWebVitalsNote() {
  return (
    <p>
      Field Web Vitals: what visitors&apos; own browsers measured, one event per metric, from Google&apos;s <code>web-vitals</code> library (attribution build),
      loaded after the page has hydrated. LCP, FCP and TTFB are pushed once known; CLS and INP when the page is hidden or left (and again, as a change, if the
      visitor comes back). <code>value</code> is the change since the last report, so summing it per <code>metric_id</code> gives the metric;{" "}
      <code>debug_target</code> names the element behind LCP, INP or CLS. Bots send none.
    </p>
  );
}

export default function TrackingCatalogue() {
  const { events, pageContext, attribution, customScriptsNote } = useLoaderData<typeof loader>();
  const categories = EVENT_CATEGORIES.filter((category) => events.some((event) => event.category === category));
  return (
    <Main id="main">
      <header>
        <h1>Tracking plan</h1>
        <p>
          {events.length} events, each pushed to <code>window.dataLayer</code> as <code>{"{ event, ...properties, page, attribution? }"}</code>.
          Machine-readable: <a href="/tracking/plan.json">plan.json</a> (JSON Schema). For state machines, see <a href="/machines">/machines</a>.
        </p>
        <p>
          <strong>Delivery guarantee:</strong> every event is in <code>window.dataLayer</code> in the task of the interaction that caused it, from first paint
          to exit. Before the app runs, an inline script pushes the events the server described on a control that leaves the page (booking links, quick links,
          language and currency choices, the verification badge, downloads, outbound links), checked against this plan when the page was rendered; after,{" "}
          <code>track()</code> pushes at once. Events pushed before the validators have loaded are checked right after, and a bad one is followed by a{" "}
          <code>tracking_violation</code>. Lists are counted (<code>view_item_list</code>) when first seen, also before the app runs.
        </p>
        <p>
          For the tag manager: <a href="/tracking/gtm-container.json">gtm-container.json</a> is this plan as a container export. In Google Tag Manager, open
          Admin → Import Container, choose the file, pick a workspace and <strong>Merge</strong> (rename conflicting items). You get a Custom Event trigger for
          every event the storefront pushes (exact name), a GA4 Event tag for each with its properties and the page's uid, type, language, currency and host as
          parameters, a Data Layer Variable for every property and every field of <code>page</code> and <code>attribution</code>, and one folder per category.
          Set the constant <code>GA4 Measurement ID</code> to your G-… id, preview, and publish. Events that are never pushed (ui noise) are left out.
        </p>
        <p>
          <strong>What the container can run:</strong> {customScriptsNote}
        </p>
        <CategoryNav aria-label="Events by category">
          <ul>
            {categories.map((category) => (
              <li key={category}>
                <a href={`#category-${category}`}>
                  {category} ({events.filter((event) => event.category === category).length})
                </a>
              </li>
            ))}
          </ul>
        </CategoryNav>
      </header>

      <LivePanel />

      <section aria-labelledby="context-heading">
        <h2 id="context-heading">Carried by every event</h2>
        <PropertyTable caption="page: the page context, checked by one shared schema" rows={pageContext} />
        <PropertyTable caption="attribution: last-touch keys from the h-attr cookie, when present" rows={attribution} />
      </section>

      {categories.map((category) => (
        <section key={category} aria-labelledby={`category-${category}`}>
          <h2 id={`category-${category}`}>Category: {category}</h2>
          {category === "performance" ? <FieldWebVitalsNote /> : null}
          {events
            .filter((event) => event.category === category)
            .map((event) => (
              <EventSection key={event.name} id={`event-${event.name}`} aria-labelledby={`event-${event.name}-name`}>
                <h3 id={`event-${event.name}-name`}>
                  <code>{event.name}</code>
                </h3>
                <p>{event.description}</p>
                <Meta>
                  <dt>Owner</dt>
                  <dd>{event.owner}</dd>
                  <dt>Version</dt>
                  <dd>{event.version}</dd>
                  <dt>Data layer</dt>
                  <dd>
                    {event.dataLayer}
                    {event.ecommerce ? " (GA4 ecommerce: { ecommerce: null } is pushed first)" : ""}
                  </dd>
                  <dt>Emitted by</dt>
                  <dd>{event.emittedBy.join("; ")}</dd>
                </Meta>
                <PropertyTable caption={`${event.name} properties`} rows={event.rows} />
                <History aria-label={`${event.name}: changes by release`}>
                  {event.history.length === 0 ? <li>Not released yet.</li> : null}
                  {event.history.map((entry) => (
                    <li key={`${entry.version}-${entry.date}`}>
                      <strong>{entry.version ?? "removed"}</strong> ({entry.date}): {entry.changes.join("; ")}
                    </li>
                  ))}
                </History>
              </EventSection>
            ))}
        </section>
      ))}
    </Main>
  );
}

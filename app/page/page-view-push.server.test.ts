// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTRIBUTION_COOKIE, nextAttribution, parseAttribution } from "../../tracking/attribution";
import { getEventDefinition } from "../../tracking/catalogue";
import { cookieValue } from "../../tracking/cookie-value";
import { entrySchema } from "../../tracking/envelope";
import { referrerPath, type PageViewPush } from "../../tracking/page-view";
import { buildPageViewPush, pageViewHeadScript } from "./page-view-push.server";
import { createPipeline } from "../../tracking/pipeline";
import { SAMPLE_CONTEXT, withoutEventIds } from "../../tracking/test-fixtures";
import { beginPageView, connectPipeline, resetTracking, setAttribution, setPageContext, track } from "../../tracking/track";

// The server's first page view: built and validated on the server, completed in the browser by the
// inline head script, and the very entry the pipeline would have pushed for the same page.

const URL_ = new URL("http://www.paris-experiences.example/eiffel-tower/?date=2026-05-01");
const build = (overrides: Partial<Parameters<typeof buildPageViewPush>[0]> = {}) =>
  buildPageViewPush({ context: SAMPLE_CONTEXT, title: "Eiffel Tower tickets", url: URL_, ...overrides });

/** Runs the head script as the browser would, at this visitor's address with their referrer and cookies; returns what it pushed. */
function runHeadScript(push: PageViewPush, visitor: { url?: string; referrer?: string; cookie?: string } = {}): Record<string, unknown> {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(visitor.url ?? URL_.href);
  Object.defineProperty(document, "referrer", { value: visitor.referrer ?? "", configurable: true });
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  if (visitor.cookie) document.cookie = `${visitor.cookie}; Path=/`;
  window.dataLayer = [];
  new Function(pageViewHeadScript(push))();
  expect(window.dataLayer).toHaveLength(1);
  return window.dataLayer[0] as Record<string, unknown>;
}

beforeEach(() => {
  resetTracking();
  window.dataLayer = [];
});
afterEach(() => {
  Reflect.deleteProperty(document, "referrer");
});

describe("buildPageViewPush (server)", () => {
  it("builds the page view of a visitor: title, path and query, the page context, a valid data-layer entry", () => {
    const push = build();
    expect(push).toEqual({
      event: "page_viewed",
      page_title: "Eiffel Tower tickets",
      page_path: "/eiffel-tower/?date=2026-05-01",
      page: SAMPLE_CONTEXT,
    });
    expect(entrySchema(getEventDefinition("page_viewed")!).safeParse(push).success).toBe(true);
  });

  it("sends none for a bot", () => {
    expect(build({ context: { ...SAMPLE_CONTEXT, isBot: true } })).toBeNull();
  });

  it("rejects an invalid context with a message naming the field", () => {
    expect(() => build({ context: { ...SAMPLE_CONTEXT, lang: "english" } })).toThrow(/Invalid tracking event "page_viewed": page\.lang: /);
    expect(() => build({ context: { ...SAMPLE_CONTEXT, currency: "euro" } })).toThrow(/page\.currency/);
  });

  it("puts only the page's own parameters in the shared HTML: no click id, no utm_* (the page cache keys on those alone)", () => {
    const push = build({ url: new URL("http://localhost/?uid=www.paris-experiences.example&gclid=Cj0KCQ-abc_1&utm_source=x&lang=en") });
    expect(push?.page_path).toBe("/?uid=www.paris-experiences.example&lang=en");
    expect(push).not.toHaveProperty("attribution");
    expect(JSON.stringify(push)).not.toMatch(/Cj0KCQ|utm_source/);
  });

  it("reads the title as document.title does, and cuts title and path at 100 characters as the client does", () => {
    expect(build({ title: "  Eiffel \n Tower\ttickets " })?.page_title).toBe("Eiffel Tower tickets");
    const long = build({ title: "t".repeat(101), url: new URL(`http://localhost/${"p".repeat(120)}`) });
    expect(long?.page_title).toBe("t".repeat(100));
    expect(long?.page_path).toBe(`/${"p".repeat(99)}`);
  });
});

describe("the head script (browser)", () => {
  it("escapes < so a title cannot close the script, and pushes the title unchanged", () => {
    const title = "</script><script>alert(1)</script> \u2028 <!--";
    const push = build({ title })!;
    const script = pageViewHeadScript(push);
    expect(script).not.toMatch(/<\/script|<script|<!--/i);
    expect(script).toContain("\\u003c/script>");
    expect(script).not.toMatch(/[\u2028\u2029]/);
    expect(runHeadScript(push).page_title).toBe(title);
  });

  it("adds page_referrer from document.referrer at run time: origin and path only, at most 100 characters", () => {
    const push = build()!;
    expect(push).not.toHaveProperty("page_referrer"); // per visitor: never in the shared HTML
    expect(runHeadScript(push, { referrer: "https://www.google.com/search?q=eiffel" }).page_referrer).toBe("https://www.google.com/search");
    const long = `https://example.com/${"a".repeat(200)}`;
    expect(runHeadScript(push, { referrer: long }).page_referrer).toBe(referrerPath(long));
    expect(runHeadScript(push)).not.toHaveProperty("page_referrer");
  });

  it("adds the visitor's full path and the attribution keys of their address at run time", () => {
    const url = "http://localhost/?uid=www.paris-experiences.example&gclid=Cj0KCQ-abc_1&utm_source=x&fbclid=%3Cb%3E&lang=en";
    const pushed = runHeadScript(build({ url: new URL(url) })!, { url });
    expect(pushed.page_path).toBe("/?uid=www.paris-experiences.example&gclid=Cj0KCQ-abc_1&utm_source=x&fbclid=%3Cb%3E&lang=en");
    expect(pushed.attribution).toEqual({ gclid: "Cj0KCQ-abc_1" });
  });

  it("merges the visitor's h-attr cookie at run time when the URL has no attribution keys; the URL's win", () => {
    expect(runHeadScript(build()!, { cookie: `${ATTRIBUTION_COOKIE}=${encodeURIComponent("gclid=Cj0-cookie&ci=42&evil=1")}` }).attribution).toEqual({
      ci: "42",
      gclid: "Cj0-cookie",
    });
    const landing = "http://localhost/eiffel-tower/?fbclid=IwAR2x";
    const fromUrl = build({ url: new URL(landing) })!;
    expect(runHeadScript(fromUrl, { url: landing, cookie: `${ATTRIBUTION_COOKIE}=gclid%3DCj0-cookie` }).attribution).toEqual({ fbclid: "IwAR2x" });
    expect(runHeadScript(build()!, { cookie: `${ATTRIBUTION_COOKIE}=gclid%3D%253Cb%253E` })).not.toHaveProperty("attribution");
    expect(runHeadScript(build()!, { cookie: `${ATTRIBUTION_COOKIE}=%E0%A4%A` })).not.toHaveProperty("attribution");
  });

  it("adds the document's navigation_type from its navigation timing entry (docs/requirements.md#11-moving-between-pages)", () => {
    const entries = vi.spyOn(performance, "getEntriesByType");
    try {
      const typeOf = (entry: object | undefined) => {
        entries.mockReturnValue(entry ? [entry as PerformanceEntry] : []);
        return runHeadScript(build()!).navigation_type;
      };
      expect(typeOf(undefined)).toBe("navigate");
      expect(typeOf({ type: "navigate", activationStart: 0 })).toBe("navigate");
      expect(typeOf({ type: "reload" })).toBe("reload");
      expect(typeOf({ type: "back_forward" })).toBe("back_forward");
      // Prerendered, then shown: web-vitals reads activationStart the same way.
      expect(typeOf({ type: "navigate", activationStart: 412.5 })).toBe("prerender");
      expect(typeOf({ type: "something-new" })).toBe("navigate");
    } finally {
      entries.mockRestore();
    }
  });

  it("pushes nothing while the browser prerenders the page, then one page view with navigation_type prerender when it is shown", () => {
    // Chromium disables real prerendering while a DevTools client is attached, so the state is simulated.
    let prerendering = true;
    Object.defineProperty(document, "prerendering", { get: () => prerendering, configurable: true });
    try {
      window.dataLayer = [];
      new Function(pageViewHeadScript(build()!))();
      expect(window.dataLayer).toEqual([]);
      prerendering = false;
      document.dispatchEvent(new Event("prerenderingchange"));
      document.dispatchEvent(new Event("prerenderingchange"));
      expect(window.dataLayer).toHaveLength(1);
      expect(window.dataLayer[0]).toMatchObject({ event: "page_viewed", navigation_type: "prerender" });
    } finally {
      Reflect.deleteProperty(document, "prerendering");
    }
  });
});

describe("the same entry as the pipeline's", () => {
  /** What the browser pipeline pushes for a first page, with useTracking()'s rules for referrer and attribution. */
  async function pipelinePush(url: URL, title: string, referrer: string): Promise<Record<string, unknown>> {
    resetTracking();
    window.dataLayer = [];
    connectPipeline(createPipeline({ containerId: null }));
    setPageContext(SAMPLE_CONTEXT);
    const stored = parseAttribution(cookieValue(document.cookie, ATTRIBUTION_COOKIE));
    setAttribution(nextAttribution(url.search, stored).attribution);
    const pageKey = `${url.pathname}${url.search}`;
    beginPageView(pageKey);
    const referrerPart = referrer ? referrerPath(referrer) : undefined;
    track("page_viewed", {
      page_title: title.slice(0, 100),
      page_path: pageKey.slice(0, 100),
      ...(referrerPart ? { page_referrer: referrerPart } : {}),
      // A document load (the test's document has no navigation timing entry: the head script's default).
      navigation_type: "navigate",
    });
    await vi.waitFor(() => expect(window.dataLayer).toHaveLength(1));
    return window.dataLayer![0] as Record<string, unknown>;
  }

  const cases = [
    {
      name: "a first visit from a search engine",
      url: "http://localhost/eiffel-tower/?date=2026-05-01",
      referrer: "https://www.google.com/search?q=x",
      cookie: "",
    },
    { name: "a click id in the URL", url: "http://localhost/?uid=www.paris-experiences.example&gclid=Cj0KCQ-abc_1&ci=7", referrer: "", cookie: "" },
    {
      name: "a returning visitor with h-attr",
      url: "http://localhost/eiffel-tower/",
      referrer: "https://www.paris-experiences.example/",
      cookie: `${ATTRIBUTION_COOKIE}=msclkid%3D4f2a9c`,
    },
  ];
  for (const { name, url, referrer, cookie } of cases) {
    it(`identical, keys in the same order: ${name}`, async () => {
      const title = "Eiffel Tower tickets";
      const fromServer = runHeadScript(build({ url: new URL(url), title })!, { url, referrer, cookie });
      const fromPipeline = await pipelinePush(new URL(url), title, referrer);
      const [server, pipeline] = withoutEventIds([fromServer, fromPipeline]);
      expect(server).toStrictEqual(pipeline);
      expect(JSON.stringify(server)).toBe(JSON.stringify(pipeline));
    });
  }
});

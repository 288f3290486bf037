import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMBED_HOSTS } from "~/content/embed";
import { INLINE_BLOCK_NAMES } from "~/content/inline-blocks";
import type { Block } from "~/content/page-document";
import { dom, renderBlock, renderRich } from "./blocks-render";

// Property: whatever an editor (or an attacker with editor access) writes, the HTML we
// render holds no script element, no event-handler attribute, no unsafe URL, and frames only from
// the allow-list; every new-tab link has rel="noopener noreferrer".

const NASTY_VALUES = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  " \u0001javascript:alert(1)",
  "&#106;avascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  "//evil.example/x.js",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "\\/evil.example/x",
  "https://evil.example/embed",
  "https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ",
  "https://youtu.be/dQw4w9WgXcQ",
  "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
  "https://www.google.com/maps/embed?pb=!3m2!1sen!2sfr",
  'https://www.google.com/maps/embed?pb=x&hl=en"onload="alert(1)',
  "https://www.louvre.fr/en",
  "www.louvre.fr",
  "/media/paris/eiffel.jpg",
  "mailto:a@b.co",
  "mailto:javascript:alert(1)",
  "tel:+33100000000",
  "#tickets",
  "tickets",
  "www.paris-experiences.example.eiffel-tower",
  "Timings",
  "2026-12-24",
  "5001",
  "collection",
  "true",
  "16:9",
];

const KEYS = [
  "href",
  "src",
  "to",
  "label",
  "text",
  "title",
  "type",
  "value",
  "format",
  "id",
  "kind",
  "alt",
  "width",
  "height",
  "fallback",
  "tone",
  "newtab",
  "onclick",
  "onerror",
  "style",
  "srcdoc",
  "ratio",
  "appearance",
  "compact",
  "truncate",
];

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_VALUES).chain((v) => fc.string({ maxLength: 4 }).map((s) => s + v)) },
);

const quoted = value.map((v) => (v.includes('"') ? (v.includes("'") ? v.replace(/['"]/g, "") : `'${v}'`) : `"${v}"`));
const bare = value.map((v) => v.replace(/[\s{}"'=]/g, "") || "x");
const attr = fc.tuple(fc.constantFrom(...KEYS), fc.oneof(quoted, bare, fc.constant(null))).map(([k, v]) => (v === null ? ` ${k}` : ` ${k}=${v}`));

const block = fc
  .tuple(fc.constantFrom(...INLINE_BLOCK_NAMES, "script", "iframe", "img", "unknown"), fc.array(attr, { maxLength: 6 }))
  .map(([name, attrs]) => `{${name}${attrs.join("")}}`);

// Well-formed blocks with hostile values, so links, frames and images are actually produced.
const templated = fc
  .tuple(
    fc.constantFrom(
      (v: string) => `{a href=${v} label=Go}`,
      (v: string) => `{link href=${v} label=Go newtab}`,
      (v: string) => `{link to=${v} label=Go}`,
      (v: string) => `{cta label=Book href=${v}}`,
      (v: string) => `{iframe src=${v} title=Map}`,
      (v: string) => `{spotify src=${v}}`,
      (v: string) => `{image src=${v} alt=A width=60 height=40 fallback=${v}}`,
      (v: string) => `{jumplink to=${v} label=Jump}`,
    ),
    quoted,
  )
  .map(([make, v]) => make(v));

const fragment = fc.oneof(
  { weight: 4, arbitrary: block },
  { weight: 4, arbitrary: templated },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom("\n\n", "## ", "### ", "- ", "**", "{", "}", "<script>", "</p><script>", "\n- ") },
);

const richText = fc.array(fragment, { minLength: 1, maxLength: 10 }).map((parts) => parts.join(""));

const URL_ATTRS = ["href", "src", "srcset", "action", "formaction", "poster", "data", "xlink:href", "background", "cite"];
const UNSAFE = /^(javascript|data|vbscript|file):/i;

type Mode = "development" | "production";

// The page the blocks render on (blocks-render.tsx: the Paris host), in each URL mode.
const PAGE_URL: Record<Mode, URL> = {
  development: new URL("http://www.paris-experiences.example/?uid=www.paris-experiences.example.guides.best-time-to-visit&lang=en"),
  production: new URL("https://www.paris-experiences.example/guides/best-time-to-visit/"),
};
/** Our sites' origins in production (blocks-render.tsx), whose pages a link may name as another site's page. */
const OUR_SITES = new Set(["https://www.paris-experiences.example", "https://www.london-theatre-tickets.example"]);

function assertSafe(html: string, mode: Mode = "development") {
  expect(html).not.toMatch(/<script/i);
  const root = dom(html);
  expect(root.querySelectorAll("script, object, embed, base, form, meta, link").length).toBe(0);
  for (const el of root.querySelectorAll("*")) {
    for (const { name, value } of [...el.attributes]) {
      const v = value ?? "";
      expect(name.toLowerCase().startsWith("on"), `event handler ${name} on <${el.tagName}>`).toBe(false);
      expect(name.toLowerCase()).not.toBe("srcdoc");
      if (URL_ATTRS.includes(name.toLowerCase())) {
        const cleaned = v.replace(/[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u200F\u2028\u2029\u202F\u205F\u3000\uFEFF]+/g, "");
        expect(UNSAFE.test(cleaned), `unsafe ${name}="${v}" on <${el.tagName}>`).toBe(false);
      }
      if (name === "style") expect(v).not.toMatch(/url\(|expression|javascript/i);
    }
    if (el.tagName === "IFRAME") {
      const src = new URL(el.getAttribute("src") ?? "");
      expect(src.protocol).toBe("https:");
      expect(EMBED_HOSTS.has(src.hostname), `frame from ${src.hostname}`).toBe(true);
      expect(el.getAttribute("loading")).toBe("lazy");
      expect(el.getAttribute("title")).toBeTruthy();
    }
    if (el.tagName === "A" && el.hasAttribute("href") && !el.hasAttribute("download")) {
      // Resolved as the browser will: a link that leaves the page's origin (in production, our sites) is never shown as internal.
      const href = el.getAttribute("href")!;
      const page = PAGE_URL[mode];
      const target = URL.canParse(href, page) ? new URL(href, page) : null;
      const ours = target && (target.origin === page.origin || (mode === "production" && OUR_SITES.has(target.origin)));
      if (target && /^https?:$/.test(target.protocol) && !ours) {
        expect(el.getAttribute("rel") ?? "", `internal-looking link to ${target.href}`).toMatch(/\bnoopener\b/);
      }
    }
    if (el.getAttribute("target") === "_blank") {
      expect(el.getAttribute("rel")?.split(" ")).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    }
  }
}

describe("content safety (property-based)", () => {
  it("rich text never yields scripts, handlers, unsafe URLs or foreign frames, in either URL mode (4000 inputs)", () => {
    const seen = { a: 0, iframe: 0, img: 0, blank: 0 };
    fc.assert(
      fc.property(richText, fc.constantFrom("en", "fr", "de", "tr"), fc.constantFrom<Mode>("development", "production"), (text, lang, mode) => {
        const html = renderRich(text, lang, mode);
        assertSafe(html, mode);
        if (html.includes("<a ")) seen.a++;
        if (html.includes("<iframe")) seen.iframe++;
        if (html.includes("<img")) seen.img++;
        if (html.includes('target="_blank"')) seen.blank++;
      }),
      { numRuns: 4000 },
    );
    // The generator must reach the interesting outputs, or the property proves little.
    expect(seen.a).toBeGreaterThan(100);
    expect(seen.iframe).toBeGreaterThan(10);
    expect(seen.img).toBeGreaterThan(10);
    expect(seen.blank).toBeGreaterThan(10);
  }, 60_000);

  it("body blocks with hostile URLs stay safe, in either URL mode (1000 inputs)", () => {
    const url = fc.constantFrom(...NASTY_VALUES);
    const blockArb: fc.Arbitrary<Block> = fc.oneof(
      fc.record({
        type: fc.constant("image" as const),
        url,
        fallbackUrl: url,
        alt: fc.string({ maxLength: 20 }),
        width: fc.integer({ min: 1, max: 4000 }),
        height: fc.integer({ min: 1, max: 4000 }),
        highQuality: fc.boolean(),
        faceCrop: fc.boolean(),
      }),
      fc.record({ type: fc.constant("video" as const), url, title: fc.string({ minLength: 1, maxLength: 20 }), posterUrl: url }),
      fc.record({
        type: fc.constant("download" as const),
        url: fc.constantFrom("/media/a.pdf", "https://a.example/b.pdf"),
        label: fc.string({ minLength: 1, maxLength: 10 }),
        fileName: fc.constant("a.pdf"),
      }),
    );
    fc.assert(
      fc.property(blockArb, fc.constantFrom<Mode>("development", "production"), (b, mode) => {
        assertSafe(renderBlock(b, "en", mode), mode);
      }),
      { numRuns: 1000 },
    );
  });

  it("the parser never throws on arbitrary text (5000 inputs)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        renderRich(text);
      }),
      { numRuns: 5000 },
    );
  });
});

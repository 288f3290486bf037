import { describe, expect, it } from "vitest";
import { allocationVerdict, MB, originFailures, renderedVerdict, type OriginRow } from "../bench/origin-targets";
import { pageBytes, remixContextData, repeatedStrings, splitHydrationData, visibleText } from "../bench/page-bytes";

// The origin bench's arithmetic (tests/bench/origin-targets.ts, tests/bench/page-bytes.ts; decision 031).

const row = (overrides: Partial<OriginRow> = {}): OriginRow => ({
  page: "city",
  renderedBareReqPerSec: 1000,
  renderedReqPerSec: 400,
  renderedRoundRatios: [0.4],
  floorRendersPerSec: 2000,
  cachedBareReqPerSec: 1000,
  cacheHitReqPerSec: 3000,
  allocatedBytesPerRender: 1 * MB,
  floorAllocatedBytesPerRender: 0.6 * MB,
  bareAllocatedBytesPerRequest: 0.3 * MB,
  ...overrides,
});

describe("the origin targets", () => {
  it("holds a rendered page to 0.3× the bare route of its own server: 0.299 misses, 0.300 meets", () => {
    expect(originFailures([row({ renderedReqPerSec: 299 })])).toEqual(["city: rendered on every request at 0.299× the bare route (target ≥ 0.3)"]);
    expect(originFailures([row({ renderedReqPerSec: 300 })])).toEqual([]);
  });

  it("holds it to the floor instead when React's render alone is under 0.3× the bare route: 1.25× the floor meets, more misses", () => {
    // The floor at 0.299× the bare route: 299 renders/s against 1000 req/s.
    expect(renderedVerdict(row({ floorRendersPerSec: 299, renderedReqPerSec: 239.2 }))).toMatchObject({ against: "floor", met: true });
    expect(originFailures([row({ floorRendersPerSec: 299, renderedReqPerSec: 239.2 })])).toEqual([]);
    expect(originFailures([row({ floorRendersPerSec: 299, renderedReqPerSec: 239 })])).toEqual([
      "city: rendered on every request 1.25× slower than React's render alone, the floor at 0.299× the bare route (target ≤ 1.25× the floor)",
    ]);
    // The floor at exactly 0.3×: the bare-route target applies, and 0.299× misses it.
    expect(renderedVerdict(row({ floorRendersPerSec: 300, renderedReqPerSec: 299 }))).toMatchObject({ against: "bare", met: false });
  });

  it("wants page-cache hits at 2.5× the bare route: 2.499× misses, 2.5× meets", () => {
    expect(originFailures([row({ cacheHitReqPerSec: 2499 })])).toEqual(["city: page-cache hits at 2.499× the bare route (target ≥ 2.5)"]);
    expect(originFailures([row({ cacheHitReqPerSec: 2500 })])).toEqual([]);
  });

  it("allows 1.5 MB allocated per render and not a byte more", () => {
    expect(originFailures([row({ allocatedBytesPerRender: 1.5 * MB })])).toEqual([]);
    expect(originFailures([row({ allocatedBytesPerRender: 1.5 * MB + 1 })])).toEqual(["city: 1.50 MB allocated per render (target ≤ 1.5)"]);
  });

  it("holds allocation to 1.25× its floor instead when React alone and the bare route already allocate more than 1.5 MB", () => {
    // The floor: React's render 1.3 MB + the bare route's request 0.3 MB = 1.6 MB; 1.25× of it is 2.0 MB.
    const heavy = { floorAllocatedBytesPerRender: 1.3 * MB, bareAllocatedBytesPerRequest: 0.3 * MB };
    expect(allocationVerdict(row({ ...heavy, allocatedBytesPerRender: 2.0 * MB }))).toMatchObject({ against: "floor", met: true });
    expect(originFailures([row({ ...heavy, allocatedBytesPerRender: 2.0 * MB })])).toEqual([]);
    expect(originFailures([row({ ...heavy, allocatedBytesPerRender: 2.0 * MB + 1024 })])).toEqual([
      "city: 2.00 MB allocated per render, 1.25× the floor of 1.60 MB (React's render alone and the bare route's request; target ≤ 1.25× the floor, since the floor is above 1.5 MB)",
    ]);
    // A floor of exactly 1.5 MB keeps the 1.5 MB target: 1.6 MB misses it though it is within 1.25× of the floor.
    expect(
      allocationVerdict(row({ floorAllocatedBytesPerRender: 1.2 * MB, bareAllocatedBytesPerRequest: 0.3 * MB, allocatedBytesPerRender: 1.6 * MB })),
    ).toMatchObject({
      against: "target",
      met: false,
    });
  });

  it("names every page that misses, and a missing number (NaN) as missed", () => {
    const failures = originFailures([row({ page: "guide", cacheHitReqPerSec: Number.NaN }), row({ page: "show", allocatedBytesPerRender: 4 * MB })]);
    expect(failures).toEqual(["guide: page-cache hits at NaN× the bare route (target ≥ 2.5)", "show: 4.00 MB allocated per render (target ≤ 1.5)"]);
  });
});

const context = {
  future: {},
  state: {
    loaderData: {
      root: { tracking: { countryCode: "FR" } },
      "routes/_index": {
        page: { title: "Eiffel Tower & Seine", body: [{ kind: "text", text: "Skip the line" }], image: "/img/eiffel.jpg", alt: "Eiffel" },
        id: "x1",
      },
    },
  },
};
const hydration = `<script nonce="n">window.__remixContext = ${JSON.stringify(context)};</script>`;
const html =
  `<!DOCTYPE html><html><head><style id="stitches">.c{}</style><script nonce="n">window.__ENV={"urlMode":"development"}</script></head>` +
  `<body><h1>Eiffel Tower &amp; Seine</h1><p>Skip<!-- --> the line</p><img src="/img/eiffel.jpg" alt=""><link rel="stylesheet" type="text/css" href="/a.css">` +
  `<script nonce="n">(function(){var early=1})()</script>${hydration}<script type="module">import "/build/x.js";</script></body></html>`;

describe("a page's HTML bytes", () => {
  it("splits out the hydration data (Remix's context and the client's environment) and keeps every other script", () => {
    const { markup, scripts } = splitHydrationData(html);
    expect(scripts).toEqual(['<script nonce="n">window.__ENV={"urlMode":"development"}</script>', hydration]);
    expect(markup).toContain("(function(){var early=1})()");
    expect(markup).toContain('import "/build/x.js"');
    expect(markup).not.toContain("__remixContext");
    expect(remixContextData(scripts)).toEqual(context);
  });

  it("reads the text a reader sees, without scripts, styles or React's comment separators", () => {
    const text = visibleText(splitHydrationData(html).markup);
    expect(text).toContain("Eiffel Tower & Seine");
    expect(text).toContain("Skip the line");
    expect(text).not.toContain(".c{}");
    expect(text).not.toContain("early");
  });

  it("counts the data's strings the markup already shows, those only in attributes, and the rest", () => {
    const { markup } = splitHydrationData(html);
    const repeats = repeatedStrings(context, markup);
    const json = (s: string) => JSON.stringify(s).length;
    expect(repeats.shownBytes).toBe(json("Eiffel Tower & Seine") + json("Skip the line"));
    expect(repeats.attributeBytes).toBe(json("/img/eiffel.jpg"));
    // "FR" and "x1" are too short to count; a short string counts only as a whole text or attribute value, so
    // "text" (a node's kind) is not found in `type="text/css"`, nor "Eiffel" in the heading.
    expect(repeats.stringBytes).toBe(repeats.shownBytes + repeats.attributeBytes + json("FR") + json("x1") + json("text") + json("Eiffel"));
  });

  it("measures the hydration data's share of the raw page exactly", () => {
    const bytes = pageBytes(html);
    expect(bytes.rawBytes).toBe(Buffer.byteLength(html));
    expect(bytes.hydrationRawBytes).toBe(Buffer.byteLength(hydration) + Buffer.byteLength('<script nonce="n">window.__ENV={"urlMode":"development"}</script>'));
    expect(bytes.largestParts[0]!.part).toBe("routes/_index.page");
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { uiDictionary } from "~/i18n/ui-strings.server";
import { LanguageProvider } from "~/components/page-providers";
import { LazyConsentBanner } from "~/components/behaviour/consent-banner-lazy";
import { loadIslands } from "~/components/lazy-island";

// The server renders the consent banner with the page (docs/decisions/032-one-react-tree.md): once entry.server
// has awaited its code, the synchronous render holds the whole banner in a resolved Suspense boundary, not the
// fallback that would leave it to the browser's chunk. Route data as the root loader gives it to a German visitor.
vi.mock("@remix-run/react", () => ({
  useRouteLoaderData: () => ({ tracking: { countryCode: "DE", isBot: false } }),
  useLocation: () => ({ pathname: "/eiffel-tower/", search: "" }),
}));

const strings = uiDictionary("en");
const render = () =>
  renderToString(
    <LanguageProvider value={{ lang: "en", strings }}>
      <LazyConsentBanner strings={strings} />
    </LanguageProvider>,
  );

describe("the consent banner in a server render", () => {
  it("is in the HTML whole once its code is loaded, in a boundary the browser hydrates when its chunk arrives", async () => {
    await loadIslands();
    const html = render();
    expect(html).toMatch(/^<!--\$--><section[^>]*aria-labelledby="consent-title"[^>]*data-default="denied"/);
    expect(html).toContain('action="/consent"');
    expect(html).toMatch(/<!--\/\$-->$/);
    expect(html).not.toContain("<!--$!-->");
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { beginStylesheet } from "./stylesheet.server";
import { styled } from "../../tokens/stitches.config";

// styled() in a server render: a page's markup and stylesheet are the same on a component's first render and on
// later ones (the stylesheet recorded per page, docs/decisions/029-stylesheet-computed-once.md).

const Plain = styled("span", { display: "inline-block", padding: "1px" });
const Layered = styled(Plain, { margin: "2px" });
const Toned = styled("span", { display: "block", variants: { tone: { loud: { fontWeight: 700 } } } });

/** Markup and stylesheet of one page render, as entry.server makes them. */
function page(element: React.ReactElement): { html: string; sheet: string } {
  const stylesheet = beginStylesheet();
  const html = renderToString(element);
  return { html, sheet: stylesheet.end() };
}

describe("styled() without variants", () => {
  it("renders the same element on its first render (Stitches' own) and on later ones, and the page's sheet has its rule each time", () => {
    const first = page(<Plain id="a">x</Plain>);
    const later = page(<Plain id="a">x</Plain>);
    expect(later.html).toBe(first.html);
    expect(later.html).toBe(`<span id="a" class="${Plain.className}">x</span>`);
    expect(later.sheet).toBe(first.sheet);
    expect(later.sheet).toContain(`.${Plain.className}{display:inline-block;padding:1px}`);
  });

  it("keeps a composed component's every layer, and records every layer's rule", () => {
    page(<Layered />);
    const { html, sheet } = page(<Layered />);
    const layers = [...html.matchAll(/c-\w+/g)].map(([name]) => name);
    expect(layers).toHaveLength(2);
    expect(layers[0]).toBe(Plain.className);
    expect(sheet).toContain(`.${layers[0]}{display:inline-block;padding:1px}`);
    expect(sheet).toContain(`.${layers[1]}{margin:2px}`);
  });

  it("renders `as` without passing it on, and a className prop (Stitches' own) after its own names, each name once", () => {
    page(<Plain />);
    expect(page(<Plain className={`extra ${Plain.className}  more`} />).html).toBe(`<span class="${Plain.className} extra more"></span>`);
    expect(page(<Plain as="a" href="/x" />).html).toBe(`<a href="/x" class="${Plain.className}"></a>`);
  });

  it("leaves a css prop and a component with variants to Stitches", () => {
    page(<Plain />);
    const inline = page(<Plain css={{ margin: "3px" }} />);
    expect(inline.html).toMatch(new RegExp(`class="${Plain.className} ${Plain.className}-i\\w+-css"`));
    expect(inline.sheet).toContain("{margin:3px}");
    page(<Toned tone="loud" />);
    const toned = page(<Toned tone="loud" />);
    expect(toned.html).toMatch(new RegExp(`class="${Toned.className} ${Toned.className}-\\w+-tone-loud"`));
    expect(toned.sheet).toContain("font-weight:700");
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { beginStylesheet } from "./stylesheet.server";
import { styled } from "../../tokens/stitches.config";

// styled() renders a component without variants from its known class names once its rules are in the sheet
// (docs/decisions/039-styled-known-rules.md): the same markup as Stitches' own render, and the same stylesheet.

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

  // The shorter render reads Stitches' own description of a component (its `sxs.internal` layers, not in
  // Stitches' types); were an upgrade to drop it, every render above would still pass through Stitches' own render.
  it("is in use: the render of a component without variants is replaced once a page has begun, and renders its element", () => {
    const Fresh = styled("i", { margin: "4px" });
    const stitchesRender = (Fresh as unknown as { render: unknown }).render;
    page(<Fresh />);
    expect((Fresh as unknown as { render: unknown }).render).not.toBe(stitchesRender);
    expect(page(<Fresh />).html).toBe(`<i class="${Fresh.className}"></i>`);
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

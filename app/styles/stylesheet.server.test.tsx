import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { css, globalCss, styled } from "../../tokens/stitches.config";
import { beginStylesheet } from "./stylesheet.server";

/** The page's stylesheet as entry.server makes it: what the renders in between used. */
function stylesheetOf(...elements: ReactNode[]): string {
  const stylesheet = beginStylesheet();
  for (const element of elements) renderToString(<>{element}</>);
  return stylesheet.end();
}

const groups = (text: string) => [...text.matchAll(/--sxs\{--sxs:(\d)([^}]*)\}@media\{/g)].map(([, group, names]) => `${group}${names}`);

let reads = 0;
const Card = styled("div", {
  padding: "$16",
  get color() {
    reads++;
    return "$purple";
  },
  variants: { tone: { quiet: { opacity: 0.5 }, loud: { fontWeight: "$bold" } } },
  "@md": { padding: "$24" },
});
const Badge = styled("span", { display: "inline-block" });
const pageStyles = globalCss({ ".page-probe": { margin: 0 } });

function CardPage({ tone }: { tone: "quiet" | "loud" }) {
  pageStyles();
  return (
    <Card tone={tone} css={{ marginTop: "$8" }}>
      card
    </Card>
  );
}

describe("a page's stylesheet", () => {
  it("has all seven groups in Stitches' order, the theme first, and nothing the page does not use", () => {
    const text = stylesheetOf(<Badge />);
    expect(groups(text).map((group) => group[0])).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
    expect(text).toMatch(/^--sxs\{--sxs:0 t-\w+\}@media\{:root,\.t-\w+\{[^}]*--colors-purple:#8000ff;/);
    expect(text).toContain(`--sxs{--sxs:1}@media{}--sxs{--sxs:2 ${Badge.className}}@media{.${Badge.className}{display:inline-block}}`);
    expect(text).not.toContain(Card.className);
  });

  it("is the same text for a page rendered first or after others, and converts each style once", () => {
    const first = stylesheetOf(<CardPage tone="quiet" />);
    const readsAfterFirst = reads;
    const other = stylesheetOf(<CardPage tone="loud" />, <Badge />);
    const again = stylesheetOf(<CardPage tone="quiet" />);
    expect(again).toBe(first);
    expect(reads).toBe(readsAfterFirst);
    expect(first).toContain(".page-probe{margin:0}");
    expect(first).toContain("opacity:0.5");
    expect(first).not.toContain("font-weight:var(--fontWeights-bold)");
    expect(other).toContain("font-weight:var(--fontWeights-bold)");
    expect(other).not.toContain("opacity:0.5");
  });

  it("gives a styled() React component's rules, applied after its children, to that component", () => {
    const Frame = ({ className, children }: { className?: string; children?: ReactNode }) => (
      <section className={className}>
        <Badge>{children}</Badge>
      </section>
    );
    const Framed = styled(Frame, { border: "1px solid $purple" });
    const probe = css({ gap: "3px" });
    const framed = stylesheetOf(
      <Framed>
        <span className={probe()} />
      </Framed>,
    );
    const alone = stylesheetOf(<Badge />);
    const framedAgain = stylesheetOf(
      <Framed>
        <span className={probe()} />
      </Framed>,
    );
    expect(framedAgain).toBe(framed);
    expect(framed).toContain(`.${Framed.className}{border:1px solid var(--colors-purple)}`);
    expect(alone).not.toContain("border:1px solid");
  });
});

import { memo, startTransition, useEffect, useState } from "react";
import type { PageView } from "~/content/page-view";
import { styled } from "../../../tokens/stitches.config";
import { BlockView } from "../blocks/BlockView";
import { ContentImage } from "../blocks/ContentImage";
import { JumpLinksProvider } from "../behaviour/JumpLink";
import { OnThisPage } from "./OnThisPage";

// The page body: the hero (heading, intro, image) and every content block in order. Each block sits
// in a section carrying its id, the target of jump links (docs/requirements.md#2-pages-and-the-shell).

const Hero = styled("section", {
  contentColumn: true,
  display: "grid",
  gap: "$24",
  py: "$32",
  h1: { fontSize: "$48", lineHeight: "$tight", "@mobile": { fontSize: "$32" } },
  "> p": { fontSize: "$18", color: "$textSubtle", maxWidth: "70ch", margin: 0 },
  figure: { margin: 0 },
  "& figure img": { width: "100%", aspectRatio: "16 / 7", objectFit: "cover", borderRadius: "$16" },
});

const Body = styled("div", {
  contentColumn: true,
  display: "grid",
  gap: "$32",
  paddingBottom: "$64",
  "> section": { minWidth: 0, scrollMarginTop: "$96" },
});

/** Blocks in the first commit of a page reached by a navigation inside the app: the first screen's. */
const FIRST_BLOCKS = 1;

/**
 * How many blocks to render. `inSteps` (a page reached by a navigation inside the app): the first commit holds the
 * hero and the first block, so the new heading is drawn as soon as the phone can, and the rest follows once that
 * frame is out, in a transition (docs/decisions/045-client-navigation.md). Otherwise every block at once.
 */
function useBlocksShown(inSteps: boolean): number {
  const [all, setAll] = useState(!inSteps);
  useEffect(() => {
    if (!all) requestAnimationFrame(() => setTimeout(() => startTransition(() => setAll(true))));
  }, [all]);
  return all ? Infinity : FIRST_BLOCKS;
}

/**
 * Memoised: the page route reads the router's state (its loader data), which changes as a navigation starts, so the
 * page that is leaving renders again then, with the same props; its body does not, and the new page starts sooner.
 */
export const PageBody = memo(function PageBody({ doc, inSteps = false }: { doc: PageView; inSteps?: boolean }) {
  const shown = useBlocksShown(inSteps);
  return (
    <JumpLinksProvider>
      <article>
        <Hero>
          <h1>{doc.heading}</h1>
          {doc.intro ? <p>{doc.intro}</p> : null}
          {doc.heroImage ? (
            <ContentImage
              src={doc.heroImage.url}
              fallbackSrc={doc.heroImage.fallbackUrl}
              alt={doc.heroImage.alt}
              width={doc.heroImage.width}
              height={doc.heroImage.height}
              highQuality
              faceCrop={false}
              priority
            />
          ) : null}
        </Hero>
        <Body>
          <OnThisPage blocks={doc.body} />
          {doc.body.slice(0, shown).map((block, index) => (
            <section key={block.id ?? index} id={block.id} data-block={block.type}>
              <BlockView block={block} />
            </section>
          ))}
        </Body>
      </article>
    </JumpLinksProvider>
  );
});

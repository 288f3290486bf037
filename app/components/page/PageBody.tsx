import type { LinkContext } from "~/content/action-link";
import type { PageView } from "~/content/page-view";
import { styled } from "../../../tokens/stitches.config";
import { BlockView } from "../blocks/BlockView";
import { ContentImage } from "../blocks/ContentImage";
import { BlockLinkProvider } from "../blocks/link-context";
import { OnThisPage } from "./OnThisPage";

// The page body: the hero (heading, intro, image) and every content block in order. Each block sits
// in a section carrying its id, the target of jump links (spec §2).

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
  // Blocks between the first and the last are laid out, styled and painted only when they come near the
  // screen: on a phone the first layout and the webfont swap's relayout then skip most of the page (with
  // the lists, cards and footer; 10 interleaved cold loads each: layout CPU city 32 -> 21 ms, guide
  // 40 -> 19, category 30 -> 24; the longest task city 37 -> 23 ms). With assistive technology on they stay in the
  // accessibility tree (tests/e2e/offscreen.spec.ts), and in find-in-page. While skipped a block is as
  // tall as its placeholder ("auto" remembers its real height once drawn) and its content overflows it,
  // where audits like axe (Lighthouse's accessibility score) pair its text with whatever is drawn there:
  // - the placeholder, 900 px, is taller than the bench pages' text blocks on a phone (172-824 px);
  // - an experience list is skipped by ExperienceList instead, with a placeholder counted from its cards;
  // - the last block is never skipped, so nothing overflows onto the dark footer.
  // tests/e2e/offscreen.spec.ts fails if anything skipped overflows its placeholder on a bench page.
  // Paint containment would clip a focus ring (2 px + 2 px offset) drawn past the block's edge, so the
  // clip edge sits 8 px out.
  "> section:not(:first-of-type):not(:last-of-type):not([data-block=experience_list])": {
    contentVisibility: "auto",
    containIntrinsicBlockSize: "auto 900px",
    overflowClipMargin: "8px",
  },
});

export function PageBody({ doc, links }: { doc: PageView; links?: LinkContext }) {
  return (
    <BlockLinkProvider value={links ?? null}>
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
          {doc.body.map((block, index) => (
            <section key={block.id ?? index} id={block.id} data-block={block.type}>
              <BlockView block={block} />
            </section>
          ))}
        </Body>
      </article>
    </BlockLinkProvider>
  );
}

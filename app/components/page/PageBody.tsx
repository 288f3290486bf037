import type { LinkContext } from "~/content/action-link";
import type { PageView } from "~/content/page-view";
import { styled } from "../../../tokens/stitches.config";
import { BlockView } from "../blocks/BlockView";
import { ContentImage } from "../blocks/ContentImage";
import { BlockLinkProvider } from "../blocks/link-context";
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

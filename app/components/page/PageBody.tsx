import type { Block, PageDocument } from "~/content/page-document";
import { ExperienceList } from "../commerce/ExperienceList";
import { PriceTag } from "../commerce/PriceTag";
import { styled } from "../../../tokens/stitches.config";

// The page body. Each block type gets its full behaviour in the content-blocks, machines and prices
// issues; here every block renders a faithful, accessible first version.

const Hero = styled("section", {
  contentColumn: true,
  display: "grid",
  gap: "$24",
  py: "$32",
  h1: { fontSize: "$48", "@mobile": { fontSize: "$32" } },
  "> p": { fontSize: "$18", color: "$textSubtle", maxWidth: "70ch" },
  img: { width: "100%", height: "auto", aspectRatio: "16 / 7", objectFit: "cover", borderRadius: "$16" },
});

const Body = styled("div", {
  contentColumn: true,
  display: "grid",
  gap: "$32",
  "section > h2": { fontSize: "$28", marginBottom: "$16" },
  p: { maxWidth: "75ch", marginBottom: "$12" },
});

/** Inline {name attr=value} blocks become plain text until the inline-block renderer lands. */
function plainText(text: string): string {
  return text.replace(/\{[a-z]+(?:\s[^{}]*)?\}/g, "").replace(/[ \t]{2,}/g, " ");
}

function RichText({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) =>
        p.startsWith("## ") ? <h2 key={i}>{plainText(p.slice(3))}</h2> : p.startsWith("### ") ? <h3 key={i}>{plainText(p.slice(4))}</h3> : <p key={i}>{plainText(p)}</p>,
      )}
    </>
  );
}

export function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "rich_text":
      return <RichText text={block.text} />;
    case "image":
      return (
        <figure style={{ margin: 0 }}>
          <img src={block.url} alt={block.alt} width={block.width} height={block.height} loading="lazy" decoding="async" />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case "video":
      return <a href={block.url}>{block.title}</a>;
    case "price":
      return <p><PriceTag source={block.source} label={block.label} /></p>;
    case "experience_list":
      return <ExperienceList block={block} />;
    case "download":
      return <a href={block.url} download={block.fileName}>{block.label}</a>;
  }
}

export function PageBody({ doc }: { doc: PageDocument }) {
  return (
    <article>
      <Hero>
        <h1>{doc.heading}</h1>
        {doc.intro ? <p>{doc.intro}</p> : null}
        {doc.heroImage ? (
          <img src={doc.heroImage.url} alt={doc.heroImage.alt} width={doc.heroImage.width} height={doc.heroImage.height} {...{ fetchpriority: "high" }} />
        ) : null}
      </Hero>
      <Body>
        {doc.body.map((block, index) => (
          <section key={block.id ?? index} id={block.id} data-block={block.type}>
            <BlockView block={block} />
          </section>
        ))}
      </Body>
    </article>
  );
}

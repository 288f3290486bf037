import type { Block, PageDocument } from "~/content/page-document";
import { styled } from "../../../tokens/stitches.config";
import { useBehaviourT } from "../behaviour/behaviour-strings";
import { DownloadButton } from "../behaviour/DownloadButton";
import { FallbackImage } from "../behaviour/FallbackImage";
import { JumpLink } from "../behaviour/JumpLink";
import { YouTubePlayer } from "../behaviour/YouTubePlayer";

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

/** spec §5: only YouTube embeds become the tracked player. (machines issue: minimal; blocks issue owns this.) */
function youTubeId(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\./, "");
    const id = host === "youtu.be" ? u.pathname.slice(1) : /(^|\.)youtube(-nocookie)?\.com$/.test(host) ? (u.searchParams.get("v") ?? u.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1] ?? null) : null;
    return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** The label an "On this page" link shows for a block with an id. */
function blockLabel(block: Block): string | null {
  switch (block.type) {
    case "rich_text":
      return block.text.match(/^##\s+(.+)$/m)?.[1]?.trim() ?? null;
    case "video":
    case "experience_list":
      return block.title;
    case "download":
    case "price":
      return block.label;
    case "image":
      return block.caption ?? (block.alt || null);
  }
}

function OnThisPage({ blocks }: { blocks: Block[] }) {
  const t = useBehaviourT();
  const links = blocks.flatMap((b) => {
    const label = b.id ? blockLabel(b) : null;
    return b.id && label ? [{ id: b.id, label }] : [];
  });
  if (links.length < 2) return null;
  return (
    <nav aria-label={t("onThisPage")}>
      <h2>{t("onThisPage")}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.id}>
            <JumpLink targetId={l.id}>{l.label}</JumpLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "rich_text":
      return <RichText text={block.text} />;
    case "image":
      return (
        <figure style={{ margin: 0 }}>
          <FallbackImage src={block.url} fallbackSrc={block.fallbackUrl} alt={block.alt} width={block.width} height={block.height} />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case "video": {
      const id = youTubeId(block.url);
      return id ? <YouTubePlayer videoId={id} title={block.title} posterUrl={block.posterUrl} /> : <a href={block.url}>{block.title}</a>;
    }
    case "price":
      return <p>{block.label}</p>;
    case "experience_list":
      return <h2>{block.title}</h2>;
    case "download":
      return <DownloadButton url={block.url} fileName={block.fileName} label={block.label} />;
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
        <OnThisPage blocks={doc.body} />
        {doc.body.map((block, index) => (
          <section key={block.id ?? index} id={block.id} data-block={block.type}>
            <BlockView block={block} />
          </section>
        ))}
      </Body>
    </article>
  );
}

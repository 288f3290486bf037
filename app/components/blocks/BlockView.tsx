import type { VideoBlockView, ViewBlock } from "~/content/page-view";
import { styled } from "../../../tokens/stitches.config";
import { PriceTag } from "../commerce/PriceTag";
import { lazyIsland } from "../lazy-island";
import { useT } from "../page-providers";
import { ContentImage } from "./ContentImage";
import { ContentLink } from "./ContentLink";
import { EmbedFrame, VideoFrame } from "./EmbedFrame";
import { RichText } from "./RichText";

// One body block (app/content/page-document.ts BlockSchema) as React elements.

// Islands (app/components/islands.ts): in the server's HTML, their code after the initial JavaScript.
const ExperienceList = lazyIsland(() => import("../islands").then((module) => module.ExperienceList));
const DownloadButton = lazyIsland(() => import("../islands").then((module) => module.DownloadButton));

const PriceRow = styled("div", { fontSize: "$20", fontWeight: "$semibold" });
const VideoBox = styled("div", { maxWidth: "960px" });

function VideoBlock({ block }: { block: VideoBlockView }) {
  const t = useT();
  const { embed } = block;
  if (embed.kind === "youtube") {
    return (
      <VideoBox>
        <VideoFrame videoId={embed.videoId} title={block.title} posterUrl={block.posterUrl} />
      </VideoBox>
    );
  }
  if (embed.kind === "iframe") {
    return (
      <VideoBox>
        <EmbedFrame embed={embed} title={block.title} ratio={16 / 9} />
      </VideoBox>
    );
  }
  // Off the allow-list: never framed; offered as an ordinary link (resolved on the server by action-link.ts).
  return (
    <p>
      <ContentLink label={`${t("watchVideo")}: ${block.title}`} link={embed.link} />
    </p>
  );
}

export function BlockView({ block }: { block: ViewBlock }) {
  switch (block.type) {
    case "rich_text":
      return <RichText nodes={block.nodes} />;
    case "image":
      return (
        <ContentImage
          src={block.url}
          fallbackSrc={block.fallbackUrl}
          alt={block.alt}
          width={block.width}
          height={block.height}
          highQuality={block.highQuality}
          faceCrop={block.faceCrop}
          caption={block.caption}
        />
      );
    case "video":
      return <VideoBlock block={block} />;
    case "price":
      return (
        <PriceRow data-price-block="">
          <PriceTag source={block.source} label={block.label} />
        </PriceRow>
      );
    case "experience_list":
      return <ExperienceList block={block} />;
    case "download":
      return <DownloadButton url={block.url} fileName={block.fileName} label={block.label} />;
  }
}

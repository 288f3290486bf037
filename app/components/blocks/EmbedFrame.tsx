import { useRef } from "react";
import type { AllowedEmbed } from "~/content/rich-text-view";
import { styled } from "../../../tokens/stitches.config";
import { lazyIsland } from "../lazy-island";
import { useT } from "../page-providers";
import { useNearScreen } from "./use-near-screen";

// Third-party frames: only from the allow-list (content/embed.ts, applied by the server), lazy, titled, and inside a box
// whose size is known before the frame loads, so nothing below moves (CLS 0). Lazy means one screen ahead of the
// visitor (use-near-screen.ts); without JavaScript the frame is in <noscript> and the browser's own lazy loading decides.

// An island (app/components/islands.ts): the player's code (and the video machine's) comes after the initial
// JavaScript; until it runs, the early-input catcher holds a tap on the poster.
const YouTubePlayer = lazyIsland(() => import("../islands").then((module) => module.YouTubePlayer));

const Box = styled("div", {
  position: "relative",
  width: "100%",
  my: "$16",
  borderRadius: "$12",
  overflow: "hidden",
  backgroundColor: "$grey100",
  "> iframe, > *": { position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 },
});

const SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation";

function Frame({ src, title, aspectRatio, height }: { src: string; title: string; aspectRatio?: number; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const frame = (
    <iframe
      src={src}
      title={title}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      allow="clipboard-write; encrypted-media; fullscreen; picture-in-picture"
      sandbox={SANDBOX}
    />
  );
  return (
    <Box
      ref={box}
      style={height ? { height: `${height}px` } : { aspectRatio: String(aspectRatio ?? 16 / 9) }}
      data-embed=""
      data-embed-state={near ? "framed" : "waiting"}
    >
      {near ? frame : <noscript>{frame}</noscript>}
    </Box>
  );
}

/** The tracked YouTube player in a 16:9 box. */
export function VideoFrame({ videoId, title, posterUrl }: { videoId: string; title: string; posterUrl?: string }) {
  return (
    <Box style={{ aspectRatio: "16 / 9" }} data-embed="youtube">
      <YouTubePlayer videoId={videoId} title={title} posterUrl={posterUrl} />
    </Box>
  );
}

/** {iframe src=… title=… ratio=4:3}, classified by the server: YouTube → tracked player, others framed. */
export function EmbedFrame({ embed, title, ratio }: { embed: AllowedEmbed; title?: string; ratio: number }) {
  const t = useT();
  const name = title ?? t(embed.kind === "iframe" && embed.provider === "maps" ? "map" : "embeddedContent");
  if (embed.kind === "youtube") return <VideoFrame videoId={embed.videoId} title={name} />;
  return <Frame src={embed.src} title={name} aspectRatio={ratio} />;
}

/** {spotify src=…}: Spotify's own heights (152 compact, 352 full), fixed so the page never shifts. */
export function SpotifyFrame({ embedSrc, title, compact }: { embedSrc: string; title?: string; compact: boolean }) {
  const t = useT();
  return <Frame src={embedSrc} title={title ?? t("listenOnSpotify")} height={compact ? 152 : 352} />;
}

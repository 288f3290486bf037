import { useEffect, useRef, useState } from "react";
import { toAssetUrl } from "~/content/image-url";
import { styled } from "../../../tokens/stitches.config";
import { useT } from "../page-providers";
import type { YouTubePlayerInstance } from "./youtube-iframe-api";
import { videoMachine } from "../../../machines/video.machine";
import { useTrackedActor, withImplementations } from "./use-tracked-actor";

// CONTRACT (machines issue implements with the video machine): the tracked player for a YouTube
// video: start, pause, milestones 10/25/50/75/90 (checked every 5 s while playing), completion.
export interface YouTubePlayerProps {
  videoId: string;
  title: string;
  /** Poster shown before play (served locally so pages work offline). */
  posterUrl?: string;
}

const Frame = styled("div", {
  position: "relative",
  width: "100%",
  aspectRatio: "16 / 9",
  borderRadius: "$16",
  overflow: "hidden",
  backgroundColor: "$nearBlack",
  "iframe, .yt-mount": { position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 },
});

const Poster = styled("button", {
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  padding: 0,
  border: "none",
  cursor: "pointer",
  color: "$white",
  background: "linear-gradient(135deg, $colors$purpleDark, $colors$nearBlack)",
  img: { position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" },
  "&:focus-visible": { outline: "3px solid $candy", outlineOffset: "-3px" },
  // Busy: loading the player, or a tap held by the early-input catcher until the app runs (the same look).
  // Both labels hold the same grid cell, so the badge is as wide as the longer one and never resizes.
  "[data-labels]": { display: "grid" },
  "[data-idle-label], [data-busy-label]": { gridArea: "1 / 1" },
  "[data-busy-label]": { visibility: "hidden" },
  "&[aria-busy=true] [data-idle-label]": { visibility: "hidden" },
  "&[aria-busy=true] [data-busy-label]": { visibility: "visible" },
});

const PlayBadge = styled("span", {
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  gap: "$8",
  padding: "$12 $20",
  borderRadius: "$20",
  backgroundColor: "$cta",
  color: "$ctaText",
  fontWeight: "$semibold",
  boxShadow: "$level2",
});

const Notice = styled("p", {
  position: "absolute",
  inset: "auto 0 0 0",
  margin: 0,
  padding: "$12 $16",
  backgroundColor: "$nearBlack",
  color: "$white",
});

type View = "poster" | "loading" | "player" | "unavailable";

// The frame's 16:9; content gives no poster size, and YouTube's own posters are 1280×720.
const POSTER_WIDTH = 1280;
const POSTER_HEIGHT = 720;

const YT_ENDED = 0;
const YT_PLAYING = 1;
const YT_PAUSED = 2;

export function YouTubePlayer({ videoId, title, posterUrl: rawPosterUrl }: YouTubePlayerProps) {
  const t = useT();
  // The poster comes from content: only a site path or an http(s) URL may become an <img src>
  // (the fast-check safety property found javascript: getting through).
  const posterUrl = toAssetUrl(rawPosterUrl);
  const [view, setView] = useState<View>("poster");
  const mount = useRef<HTMLDivElement>(null);
  const player = useRef<YouTubePlayerInstance | null>(null);
  const actor = useTrackedActor(
    withImplementations(videoMachine, {
      actions: {
        // Every 5 s while playing, the machine asks; the player answers with its position.
        requestProgress: ({ self }) => {
          const p = player.current;
          if (p) self.send({ type: "PROGRESS", currentTime: p.getCurrentTime(), duration: p.getDuration() });
        },
      },
    }),
    { videoId, title },
  );

  useEffect(() => () => player.current?.destroy(), []);

  const play = async () => {
    setView("loading");
    try {
      // The loader (and the API it fetches) only matter once a visitor presses play.
      const { loadYouTubeIframeApi } = await import("./youtube-iframe-api");
      const YT = await loadYouTubeIframeApi();
      if (!mount.current) return;
      player.current = new YT.Player(mount.current, {
        videoId,
        host: "https://www.youtube-nocookie.com",
        width: "100%",
        height: "100%",
        playerVars: { autoplay: 1, playsinline: 1, rel: 0 },
        events: {
          onReady: (event) => {
            setView("player");
            event.target.playVideo();
          },
          onStateChange: (event) => {
            const p = event.target;
            if (event.data === YT_PLAYING) actor.send({ type: "PLAYING", currentTime: p.getCurrentTime(), duration: p.getDuration() });
            else if (event.data === YT_PAUSED) actor.send({ type: "PAUSED", currentTime: p.getCurrentTime() });
            else if (event.data === YT_ENDED) actor.send({ type: "ENDED" });
          },
          onError: () => setView("unavailable"),
        },
      });
    } catch {
      setView("unavailable");
    }
  };

  const watchUrl = `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
  return (
    <Frame data-video-id={videoId} data-video-view={view}>
      <div className="yt-mount" ref={mount} title={title} />
      {view === "poster" || view === "loading" ? (
        <Poster
          type="button"
          onClick={play}
          data-replay=""
          aria-label={`${t("playVideo")}: ${title}`}
          aria-busy={view === "loading" ? true : undefined}
          disabled={view === "loading"}
        >
          {posterUrl ? <img src={posterUrl} alt="" width={POSTER_WIDTH} height={POSTER_HEIGHT} loading="lazy" decoding="async" /> : null}
          <PlayBadge>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            <span data-labels="">
              <span data-idle-label="">{title}</span>
              <span data-busy-label="">{t("videoLoading")}</span>
            </span>
          </PlayBadge>
        </Poster>
      ) : null}
      {view === "unavailable" ? (
        <Notice role="status">
          <a href={watchUrl} target="_blank" rel="noopener noreferrer" style={{ color: "inherit" }}>
            {t("videoUnavailable")}
          </a>
        </Notice>
      ) : null}
    </Frame>
  );
}

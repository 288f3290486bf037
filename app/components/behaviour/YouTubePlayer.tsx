// CONTRACT (machines issue implements with the video machine): the tracked player for a YouTube
// video: start, pause, milestones 10/25/50/75/90 (checked every 5 s while playing), completion.
export interface YouTubePlayerProps {
  videoId: string;
  title: string;
  /** Poster shown before play (served locally so pages work offline). */
  posterUrl?: string;
}

export function YouTubePlayer({ videoId, title }: YouTubePlayerProps) {
  return (
    <a href={`https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`} target="_blank" rel="noopener noreferrer">
      {title}
    </a>
  );
}

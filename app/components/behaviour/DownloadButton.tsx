// CONTRACT (machines issue implements with the download machine): fetches the file as a blob and
// makes it downloadable; on failure the link stays unset and the visitor is told (spec §4/§8).
export interface DownloadButtonProps {
  url: string;
  fileName: string;
  label: string;
}

export function DownloadButton({ url, fileName, label }: DownloadButtonProps) {
  return (
    <a href={url} download={fileName}>
      {label}
    </a>
  );
}

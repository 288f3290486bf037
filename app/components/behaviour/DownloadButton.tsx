import { useEffect, useRef, type MouseEvent } from "react";
import { useSelector } from "@xstate/react";
import { fromPromise } from "xstate";
import { DownloadHttpError, downloadMachine, type FetchedFile } from "../../../machines/download.machine";
import { styled } from "../../../tokens/stitches.config";
import { describedClick } from "../../../tracking/described-events";
import { primaryAction } from "../ui/action-styles";
import { useT } from "../page-providers";
import { useOverlays } from "../overlays/overlay-context";
import { useTrackedActor, withImplementations } from "./use-tracked-actor";

// CONTRACT (machines issue implements with the download machine): fetches the file as a blob and
// makes it downloadable; on failure the link stays unset and the visitor is told (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures).
export interface DownloadButtonProps {
  url: string;
  fileName: string;
  label: string;
}

const Link = styled("a", {
  ...primaryAction,
  "&[aria-disabled='true']": { backgroundColor: "$ctaDisabled", cursor: "not-allowed" },
});

const Status = styled("span", { visuallyHidden: true });
const Message = styled("p", { color: "$textError", marginTop: "$8", fontSize: "$14" });

const fetchFile = fromPromise(async ({ input }: { input: { url: string } }): Promise<FetchedFile> => {
  const response = await fetch(input.url, { credentials: "same-origin" });
  if (!response.ok) throw new DownloadHttpError(response.status);
  const blob = await response.blob();
  return { objectUrl: URL.createObjectURL(blob), size: blob.size };
});

export function DownloadButton({ url, fileName, label }: DownloadButtonProps) {
  const t = useT();
  const bt = useT();
  const overlays = useOverlays();
  const anchor = useRef<HTMLAnchorElement>(null);
  /** Set while our own click hands the blob to the browser, so onClick lets it through. */
  const saving = useRef(false);
  const actor = useTrackedActor(
    withImplementations(downloadMachine, {
      actors: { fetchFile },
      actions: {
        // Hand the blob to the browser: the anchor now points at it and carries `download`.
        saveFile: ({ context }) => {
          queueMicrotask(() => {
            const link = anchor.current;
            if (!link || !context.objectUrl) return;
            link.href = context.objectUrl;
            saving.current = true;
            link.click();
          });
        },
        notifyFailure: () => overlaysRef.current?.showToast({ message: t("downloadFailed"), tone: "error" }),
      },
    }),
    { url, fileName },
  );
  const overlaysRef = useRef(overlays);
  overlaysRef.current = overlays;
  const state = useSelector(actor, (s) => s.value);
  const objectUrl = useSelector(actor, (s) => s.context.objectUrl);

  useEffect(
    () => () => {
      const current = actor.getSnapshot().context.objectUrl;
      if (current) URL.revokeObjectURL(current);
    },
    [actor],
  );

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (saving.current) {
      saving.current = false;
      return;
    }
    // The machine decides: fetch first (or again after a failure), or save the blob it already has.
    event.preventDefault();
    if (!actor.getSnapshot().matches("fetching")) actor.send({ type: "CLICKED" });
  };

  // Before hydration the plain link works (no JavaScript); after a failure the link stays unset.
  const href = state === "failed" ? undefined : (objectUrl ?? url);
  return (
    <div>
      <Link
        ref={anchor}
        href={href}
        download={fileName}
        onClick={onClick}
        aria-busy={state === "fetching" ? true : undefined}
        aria-disabled={state === "failed" ? true : undefined}
        role={state === "failed" ? "link" : undefined}
        data-download-state={String(state)}
        // Before the app runs the plain link downloads, and the head script counts it as the machine's first attempt would.
        {...describedClick([{ name: "download_clicked", properties: { file_name: fileName.slice(0, 100), attempt: 1 } }])}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
        {label}
      </Link>
      <Status role="status">{state === "fetching" ? bt("downloading") : ""}</Status>
      {state === "failed" ? (
        <Message role="alert">
          {t("downloadFailed")}{" "}
          <button type="button" onClick={() => actor.send({ type: "CLICKED" })}>
            {bt("retry")}
          </button>
        </Message>
      ) : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { resolveActionLink, type ResolvedLink } from "~/content/action-link";
import { outboundLinkCall } from "~/content/outbound-link";
import { styled } from "../../../tokens/stitches.config";
import { primaryAction, secondaryAction } from "../ui/action-styles";
import { useLang, usePageContext, useT } from "../page-providers";
import type { LinkTarget } from "~/content/inline-props";
import { PageLink } from "../page/PageLink";
import { useLinkContext } from "./link-context";
import { describedClick, trackCalls, type TrackCall } from "../../../tracking/described-events";

// Every link written in content goes through here: resolveActionLink decides the href (unsafe URLs
// give none), and docs/requirements.md#8-failures makes an invalid URL external in a new tab. New-tab links carry
// rel="noopener noreferrer" and say so to screen readers.

const Hint = styled("span", { visuallyHidden: true });

const Anchor = styled("a", {
  color: "$link",
  textDecoration: "underline",
  textUnderlineOffset: "0.15em",
  "&:hover": { color: "$linkHover" },
  "&:focus-visible": { outline: "2px solid $focusRing", outlineOffset: "2px", borderRadius: "$2" },
  variants: {
    appearance: {
      link: {},
      primary: { ...primaryAction, px: "$24" },
      secondary: { ...secondaryAction, px: "$24" },
    },
  },
  defaultVariants: { appearance: "link" },
});

function useResolvedLink(label: string, target: LinkTarget, newTab: boolean, appearance: ResolvedLink["appearance"] = "link"): ResolvedLink {
  const ctx = useLinkContext(useLang());
  return target.kind === "uid"
    ? resolveActionLink({ type: "reference", label, reference: { value: { uid: target.uid } }, newTab, appearance }, ctx)
    : resolveActionLink({ type: "custom", label, url: target.url, newTab, appearance }, ctx);
}

/** A link that leaves the site is counted in its click, from first paint (tracking/described-events.ts). */
function outboundCalls(link: ResolvedLink): TrackCall[] {
  const call = link.external ? outboundLinkCall(link.href, link.newTab) : null;
  return call ? [call] : [];
}

function LinkView({ link, children }: { link: ResolvedLink; children?: ReactNode }) {
  const t = useT();
  const page = usePageContext();
  // No href (no uid, unsafe URL): the words stay, the link goes.
  if (!link.href) return <span>{children ?? link.label}</span>;
  const calls = outboundCalls(link);
  // A description the catalogue refuses is reported with the page it is on (its document), then left out.
  const on = page ? { uid: page.uid, lang: page.lang } : undefined;
  return (
    <Anchor
      as={PageLink}
      href={link.href}
      appearance={link.appearance}
      {...(calls.length > 0 ? { onClick: () => trackCalls(calls), ...describedClick(calls, on) } : {})}
      {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : link.external ? { rel: "noopener" } : {})}
    >
      {children ?? link.label}
      {link.newTab ? <Hint> {t("opensInNewTab")}</Hint> : null}
    </Anchor>
  );
}

export function ContentLink({
  label,
  target,
  newTab,
  appearance = "link",
}: {
  label: string;
  target: LinkTarget;
  newTab: boolean;
  appearance?: ResolvedLink["appearance"];
}) {
  return <LinkView link={useResolvedLink(label, target, newTab, appearance)} />;
}

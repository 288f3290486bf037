import type { LinkHref, ResolvedLink } from "~/content/action-link";
import { outboundLinkCall } from "~/content/outbound-link";
import { styled } from "../../../tokens/stitches.config";
import { primaryAction, secondaryAction } from "../ui/action-styles";
import { usePageContext, useT } from "../page-providers";
import { PageLink } from "../page/PageLink";
import { describedClick, trackCalls, type TrackCall } from "../../../tracking/described-events";

// Every link written in content goes through here, resolved on the server for the page's site and URL mode
// (content/page-view.server.ts): unsafe URLs give no href, and docs/requirements.md#8-failures makes an invalid URL
// external in a new tab. New-tab links carry rel="noopener noreferrer" and say so to screen readers.

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

/** A link that leaves the site is counted in its click, from first paint (tracking/described-events.ts). */
function outboundCalls(link: LinkHref): TrackCall[] {
  const call = link.external ? outboundLinkCall(link.href, link.newTab) : null;
  return call ? [call] : [];
}

export function ContentLink({ label, link, appearance = "link" }: { label: string; link: LinkHref; appearance?: ResolvedLink["appearance"] }) {
  const t = useT();
  const page = usePageContext();
  // No href (no uid, unsafe URL): the words stay, the link goes.
  if (!link.href) return <span>{label}</span>;
  const calls = outboundCalls(link);
  // A description the catalogue refuses is reported with the page it is on (its document), then left out.
  const on = page ? { uid: page.uid, lang: page.lang } : undefined;
  return (
    <Anchor
      as={PageLink}
      href={link.href}
      appearance={appearance}
      {...(calls.length > 0 ? { onClick: () => trackCalls(calls), ...describedClick(calls, on) } : {})}
      {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : link.external ? { rel: "noopener" } : {})}
    >
      {label}
      {link.newTab ? <Hint> {t("opensInNewTab")}</Hint> : null}
    </Anchor>
  );
}

import { resolveActionLink, uidHref, type LinkContext, type ResolvedLink } from "./action-link";
import type { FooterConfig, HeaderConfig, MenuItem } from "./page-document";
import { isValidUid, pageHref } from "./page-url";

// Header and footer as components render them: every link already resolved to an href.

export interface ResolvedMenuItem extends ResolvedLink {
  children: ResolvedLink[];
}

export interface ResolvedHeader {
  logo: { src: string; animatedSrc: string | null; alt: string; width: number; height: number; href: string };
  hasPoweredLogo: boolean;
  /** docs/requirements.md#4-behaviour: sticky on sites with a manual header (and always on mobile). */
  isManualHeader: boolean;
  menu: ResolvedMenuItem[];
  /** Desktop-only dropdown (docs/requirements.md#2-pages-and-the-shell). */
  dropdown: ResolvedMenuItem[];
  /** docs/requirements.md#2-pages-and-the-shell: the Tickets link goes to the configured ticket page, or to the root. */
  tickets: { href: string } | null;
}

export interface ResolvedFooter {
  tagline: string | null;
  callUs: FooterConfig["callUs"] | null;
  quickLinks: Array<{ label: string; href: string; uid: string }>;
  linkGroups: Array<{ title: string; links: ResolvedLink[] }>;
  verificationBadge: FooterConfig["verificationBadge"] | null;
  copyright: string;
}

function resolveMenu(items: MenuItem[], ctx: LinkContext): ResolvedMenuItem[] {
  return items.map((item) => ({
    ...resolveActionLink(item.link, ctx),
    label: item.label,
    children: item.children.map((child) => ({ ...resolveActionLink(child.link, ctx), label: child.label })),
  }));
}

/** Either a uid or a URL, as the logo and ticket settings allow both. */
function uidOrUrl(value: string | undefined, siteHost: string, ctx: LinkContext): string {
  if (!value) return pageHref({ uid: siteHost, lang: ctx.lang, host: ctx.host, mode: ctx.mode, knownHosts: ctx.knownHosts });
  if (isValidUid(value)) return uidHref(value, ctx);
  return resolveActionLink({ type: "custom", url: value, label: "link", newTab: false, appearance: "link" }, ctx).href;
}

export function resolveHeader(config: HeaderConfig, siteHost: string, ctx: LinkContext): ResolvedHeader {
  const manual = config.manualHeader;
  return {
    logo: {
      src: config.logoUrl,
      animatedSrc: config.animatedLogoUrl ?? null,
      alt: config.logoAltText,
      width: config.logoWidth,
      height: config.logoHeight,
      href: uidOrUrl(config.logoRedirectionURL, siteHost, ctx),
    },
    hasPoweredLogo: config.hasPoweredLogo,
    isManualHeader: !config.hasAutomatedHeader,
    menu: resolveMenu(config.hasAutomatedHeader ? config.automatedHeaderMenu : manual.menuItems, ctx),
    dropdown: !config.hasAutomatedHeader && manual.showDropdownMenu ? resolveMenu(manual.dropdownMenuItems, ctx) : [],
    tickets: manual.showTicketOption ? { href: uidOrUrl(manual.showTicketOptionUrl, siteHost, ctx) } : null,
  };
}

export function resolveFooter(config: FooterConfig, ctx: LinkContext): ResolvedFooter {
  return {
    tagline: config.tagline ?? null,
    callUs: config.callUs ?? null,
    quickLinks: config.quickLinks.map((q) => ({ label: q.label, uid: q.uid, href: uidHref(q.uid, ctx) })),
    linkGroups: config.linkGroups.map((g) => ({ title: g.title, links: g.links.map((l) => resolveActionLink(l, ctx)) })),
    verificationBadge: config.verificationBadge ?? null,
    copyright: config.copyright,
  };
}

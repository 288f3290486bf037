import { memo, useEffect, type ReactNode, type RefObject } from "react";
import type { ResolvedHeader, ResolvedMenuItem } from "~/content/resolve-shell";
import { styled } from "../../../tokens/stitches.config";
import { primaryAction } from "../ui/action-styles";
import { FallbackImageWithKind } from "../behaviour/FallbackImage";
import { useDisclosure } from "../behaviour/use-disclosure";
import { useSelector } from "@xstate/react";
import { headerMachine } from "../../../machines/header.machine";
import { useTrackedActor } from "../behaviour/use-tracked-actor";
import { useIsMobile } from "../behaviour/viewport";
import { useT, useVisitor } from "../page-providers";
import { PageLink } from "../page/PageLink";
import { sameContent } from "../same-content";
import { lazyIsland } from "../lazy-island";

// Islands (app/components/islands.ts): until their code runs, the platform answers them (<details>, links, form posts).
const CurrencySelector = lazyIsland(() => import("../islands").then((module) => module.CurrencySelector));
const LanguageSelector = lazyIsland(() => import("../islands").then((module) => module.LanguageSelector));

// The generic header (docs/requirements.md#2-pages-and-the-shell): sticky logo bar, optional powered-by logo, desktop dropdown menu,
// Tickets link, currency and language selectors, hamburger on mobile. Mobile and desktop are both
// in the server HTML; media queries choose, so the first paint is right without JavaScript. The selectors
// alone (a third of a page's elements) are rendered once, where the request's device shows them
// (docs/decisions/038-selectors-once-per-device.md).
// Behaviour (docs/requirements.md#4-behaviour): the header machine (sticky / hide on scroll / shadow beyond 80 px, input
// throttled to 200 ms), and one disclosure machine each for the mobile menu and the dropdown.

const HeaderBar = styled("header", {
  position: "sticky",
  top: 0,
  zIndex: "$header",
  backgroundColor: "$surface",
  borderBottom: "1px solid $divider",
  transition: "transform 200ms $functional, box-shadow 200ms $functional",
  variants: {
    shadow: { true: { boxShadow: "$level2" } },
    hidden: { true: { transform: "translateY(-100%)" } },
  },
});

const Inner = styled("div", {
  contentColumn: true,
  display: "flex",
  alignItems: "center",
  gap: "$16",
  height: "$headerHeight",
  "@mobile": { height: "$headerHeightMobile", gap: "$8" },
});

const SkipLink = styled("a", {
  position: "absolute",
  left: "$8",
  top: "-100px",
  padding: "$8 $16",
  backgroundColor: "$cta",
  color: "$ctaText",
  borderRadius: "$8",
  zIndex: "$modal",
  "&:focus": { top: "$8", color: "$ctaText" },
});

const LogoLink = styled("a", {
  display: "flex",
  alignItems: "center",
  gap: "$8",
  flexShrink: 0,
  img: { height: "40px", width: "auto", "@mobile": { height: "28px" } },
});

const Powered = styled("img", {
  "&&": { height: "20px" },
  "@mobile": { display: "none !important" },
});

const DesktopOnly = styled("div", { display: "flex", alignItems: "center", gap: "$16", "@mobile": { display: "none" } });
const MobileOnly = styled("div", { display: "none", "@mobile": { display: "flex" } });

const Nav = styled("nav", {
  flex: 1,
  ul: { display: "flex", gap: "$20", listStyle: "none", margin: 0, padding: 0 },
  a: { color: "$text", textDecoration: "none", fontWeight: "$medium", fontSize: "$16" },
  "a:hover": { color: "$purple" },
});

const Spacer = styled("div", { flex: 1, "@desktop": { display: "none" } });

const HeaderButton = styled("button", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$6",
  minHeight: "44px",
  minWidth: "44px",
  padding: "$8 $12",
  border: "1px solid transparent",
  borderRadius: "$8",
  backgroundColor: "transparent",
  color: "$text",
  fontWeight: "$medium",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$grey100" },
});

const TicketsLink = styled("a", {
  ...primaryAction,
  whiteSpace: "nowrap",
  "@mobile": { padding: "$6 $12", minHeight: "36px", fontSize: "$14" },
});

const DropdownPanel = styled("div", {
  position: "absolute",
  top: "100%",
  left: 0,
  minWidth: "240px",
  padding: "$8",
  backgroundColor: "$surface",
  borderRadius: "$12",
  boxShadow: "$level3",
  zIndex: "$dropdown",
  ul: { display: "flex", flexDirection: "column", gap: "$2", listStyle: "none", margin: 0, padding: 0 },
  a: { display: "block", padding: "$8 $12", borderRadius: "$8", color: "$text", textDecoration: "none" },
  "a:hover, a:focus-visible": { backgroundColor: "$purpleLight" },
});

/** The mobile menu: a `popover` over the page below the header, so opening it moves nothing (CLS 0). */
const MobileMenuPanel = styled("nav", {
  position: "fixed",
  // Just below the header and its 1 px bottom border.
  inset: "calc($sizes$headerHeightMobile + 1px) 0 auto 0",
  width: "100%",
  maxWidth: "none",
  height: "auto",
  margin: 0,
  border: 0,
  boxShadow: "$level2",
  color: "$text",
  backgroundColor: "$surface",
  padding: "$16 5.46vw $24",
  maxHeight: "calc(100dvh - $sizes$headerHeightMobile - 1px)",
  overflowY: "auto",
  ul: { listStyle: "none", margin: 0, padding: 0 },
  "li a": { display: "block", padding: "$12 0", color: "$text", textDecoration: "none", fontSize: "$18", borderBottom: "1px solid $divider" },
  "@desktop": { display: "none" },
});

function MenuLink({ item }: { item: ResolvedMenuItem | ResolvedMenuItem["children"][number] }) {
  if (!item.href) return <span>{item.label}</span>;
  return (
    <PageLink href={item.href} {...(item.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {item.label}
    </PageLink>
  );
}

/** The same menu renders once across navigations inside the app (its links follow the page themselves). */
const MenuList = memo(function MenuList({ items }: { items: ResolvedMenuItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={`${item.label}-${item.href}`}>
          <MenuLink item={item} />
        </li>
      ))}
    </ul>
  );
}, sameContent);

function HamburgerIcon({ open }: { open: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

export interface HeaderProps {
  header: ResolvedHeader;
  currency: string;
  lang: string;
}

/** Sends the header machine its facts: scroll position, and whether it must stay (sticky). */
function useHeaderMachine(isManualHeader: boolean) {
  const isMobile = useIsMobile();
  const sticky = isMobile || isManualHeader;
  // The machine starts with the stickiness of the moment it starts; later changes are sent.
  const actor = useTrackedActor(headerMachine, { sticky });
  useEffect(() => {
    if (actor.getSnapshot().context.sticky !== sticky) actor.send({ type: "STICKY_CHANGED", sticky });
  }, [actor, sticky]);
  useEffect(() => {
    // A scroll is dispatched in the frame it moved, before that frame's paint; its position is read and sent in a
    // task of its own after it (a message to ourselves), so the paint never waits for the machine, its events and
    // the bar: a navigation's scroll to the top of the new page would otherwise lay it out and re-render the bar
    // before its first paint. A task, not a timer: a fake clock in a test does not hold it.
    const channel = new MessageChannel();
    let queued = false;
    channel.port1.onmessage = () => {
      queued = false;
      actor.send({ type: "SCROLLED", y: window.scrollY });
    };
    const onScroll = () => {
      if (!queued) channel.port2.postMessage((queued = true));
    };
    if (window.scrollY > 0) onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      channel.port1.close();
    };
  }, [actor]);
  const shadow = useSelector(actor, (s) => s.matches({ elevation: "raised" }));
  const hidden = useSelector(actor, (s) => s.matches({ visibility: "hidden" }));
  return { shadow, hidden, sticky };
}

/**
 * Where the currency and language selectors are rendered: in the header row for a desktop, in the menu for a
 * phone (the server's classification, then the viewport's once the app measures it), and in both for a bot,
 * whose copy serves crawlers of every screen. The hidden place's copy would be 100 elements nobody sees.
 */
function useSelectorPlacement(): { inHeader: boolean; inMenu: boolean } {
  const isMobile = useIsMobile();
  const isBot = useVisitor()?.isBot ?? false;
  return { inHeader: isBot || !isMobile, inMenu: isBot || isMobile };
}

/**
 * The bar: the header machine's state (shadow, hidden, sticky) re-renders it alone. Its contents are the same
 * elements until the header's own props or menus change, so a scroll (the one a navigation makes to the top of
 * the new page included) does not re-render the links and selectors inside.
 */
function HeaderFrame({ isManualHeader, menuOpen, children }: { isManualHeader: boolean; menuOpen: boolean; children: ReactNode }) {
  const { shadow, hidden, sticky } = useHeaderMachine(isManualHeader);
  return (
    <HeaderBar
      shadow={shadow}
      hidden={hidden && !menuOpen}
      data-manual-header={isManualHeader ? "true" : "false"}
      data-sticky={sticky ? "true" : "false"}
      data-shadow={shadow ? "true" : "false"}
      data-hidden={hidden && !menuOpen ? "true" : "false"}
    >
      {children}
    </HeaderBar>
  );
}

/**
 * The same site's header renders once across navigations inside the app: the new page's language links reach its
 * language selectors through a context (LanguagesProvider), which renders them alone.
 */
export const Header = memo(function Header({ header, currency, lang }: HeaderProps) {
  const t = useT();
  const menu = useDisclosure("mobile_menu", { popover: true });
  const dropdown = useDisclosure("header_dropdown");
  const selectors = useSelectorPlacement();
  return (
    <HeaderFrame isManualHeader={header.isManualHeader} menuOpen={menu.open}>
      <SkipLink href="#main">{t("skipToContent")}</SkipLink>
      <Inner>
        <MobileOnly>
          <HeaderButton
            ref={menu.button}
            type="button"
            aria-expanded={menu.open}
            aria-controls="mobile-menu"
            aria-label={t("menu")}
            onClick={menu.toggle}
            // The platform opens the menu before the app runs; the early-input catcher records the tap.
            {...{ popovertarget: "mobile-menu", "data-replay": "native" }}
          >
            <HamburgerIcon open={menu.open} />
          </HeaderButton>
        </MobileOnly>
        <LogoLink as={PageLink} href={header.logo.href}>
          {header.logo.animatedSrc ? (
            // docs/requirements.md#8-failures: a failed animated logo shows the static logo instead.
            <FallbackImageWithKind
              kind="logo"
              src={header.logo.animatedSrc}
              fallbackSrc={header.logo.src}
              alt={header.logo.alt}
              width={header.logo.width}
              height={header.logo.height}
              loading="eager"
            />
          ) : (
            <img src={header.logo.src} alt={header.logo.alt} width={header.logo.width} height={header.logo.height} />
          )}
          {header.hasPoweredLogo ? <Powered src="/brand/powered-by.svg" alt={t("poweredBy")} width={110} height={20} /> : null}
        </LogoLink>
        <Spacer />
        <DesktopOnly as="nav" aria-label="Main" css={{ flex: 1 }}>
          {header.menu.length ? (
            <Nav as="div">
              <MenuList items={header.menu} />
            </Nav>
          ) : null}
          {header.dropdown.length ? (
            <div style={{ position: "relative" }}>
              <HeaderButton
                ref={dropdown.button}
                type="button"
                aria-expanded={dropdown.open}
                aria-controls="header-dropdown"
                onClick={dropdown.toggle}
                data-replay=""
              >
                {t("explore")}
                <svg
                  width="12"
                  height="12"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                  style={{ transform: dropdown.open ? "rotate(180deg)" : undefined }}
                >
                  <path d="M5 9l7 7 7-7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
                </svg>
              </HeaderButton>
              <DropdownPanel ref={dropdown.panel as RefObject<HTMLDivElement>} id="header-dropdown" hidden={!dropdown.open}>
                <MenuList items={header.dropdown} />
              </DropdownPanel>
            </div>
          ) : null}
        </DesktopOnly>
        {selectors.inHeader ? (
          <DesktopOnly>
            <CurrencySelector currency={currency} lang={lang} />
            <LanguageSelector />
          </DesktopOnly>
        ) : null}
        {header.tickets ? (
          <TicketsLink as={PageLink} href={header.tickets.href}>
            {t("tickets")}
          </TicketsLink>
        ) : null}
      </Inner>
      {/* In the HTML from the start, so the platform can show it before the app's JavaScript runs
          (docs/decisions/001-answer-from-first-paint.md); a closed popover is not laid out. */}
      <MobileMenuPanel ref={menu.panel} id="mobile-menu" aria-label={t("menu")} {...{ popover: "manual" }}>
        <MenuList items={[...header.menu, ...header.dropdown]} />
        {selectors.inMenu ? (
          <div style={{ display: "flex", gap: "12px", marginTop: "16px", flexWrap: "wrap" }}>
            <CurrencySelector currency={currency} lang={lang} idSuffix="mobile" />
            <LanguageSelector idSuffix="mobile" />
          </div>
        ) : null}
      </MobileMenuPanel>
    </HeaderFrame>
  );
}, sameContent);

import { memo, type ReactNode } from "react";
import type { ResolvedFooter } from "~/content/resolve-shell";
import { styled } from "../../../tokens/stitches.config";
import { describedClick, trackCalls, type TrackCall } from "../../../tracking/described-events";
import { CONSENT_BAR_HEIGHT_VARIABLE } from "../behaviour/consent-banner-ids";
import { CookieSettingsLink } from "../behaviour/consent-banner-lazy";
import { VerificationBadgeLink } from "../behaviour/VerificationBadge";
import { useT } from "../page-providers";
import { lazyIsland } from "../lazy-island";
import { PageLink } from "../page/PageLink";

// An island (app/components/islands.ts): until its code runs, Call us is the platform's popover with the same numbers.
const CallUsButton = lazyIsland(() => import("../islands").then((module) => module.CallUsButton));
import { sameContent } from "../same-content";

// The footer (docs/requirements.md#2-pages-and-the-shell): Call us (LTT), quick links that open a page by uid, link groups,
// and the theatre retailer's verification badge (a 560×490 popup; a plain new-tab link before JS).

const FooterBar = styled("footer", {
  marginTop: "$64",
  backgroundColor: "$nearBlack",
  color: "$textInverse",
  a: { color: "$textInverse" },
  "a:hover": { color: "$candyLight" },
  // Below its links, room for the consent bar while it is shown (ConsentBanner sets the height).
  paddingBottom: `var(${CONSENT_BAR_HEIGHT_VARIABLE}, 0px)`,
  // Never content-visibility: auto (decision 005). As the last box on the page, a placeholder taller than
  // the footer shortens the page when it is drawn and pulls a visitor at the bottom up.
});

const Inner = styled("div", {
  contentColumn: true,
  display: "grid",
  gap: "$32",
  py: "$48",
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  h2: { fontSize: "$16", marginBottom: "$12", color: "$white" },
  ul: { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "$8" },
});

const Bottom = styled("div", {
  contentColumn: true,
  borderTop: "1px solid $grey700",
  py: "$20",
  fontSize: "$14",
  color: "$grey300",
  display: "flex",
  flexWrap: "wrap",
  gap: "$16",
  justifyContent: "space-between",
  alignItems: "center",
});

const FooterButton = styled("button", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$8",
  minHeight: "44px",
  padding: "$8 $16",
  border: "1px solid $white",
  borderRadius: "$8",
  backgroundColor: "transparent",
  color: "$white",
  fontWeight: "$semibold",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$grey900" },
});

const Badge = styled("a", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$8",
  textDecoration: "none",
  img: { width: "120px", height: "auto" },
});

export interface FooterProps {
  footer: ResolvedFooter;
  siteName: string;
}

/** The same site's footer renders once across navigations inside the app (its page links follow the page themselves). */
export const Footer = memo(function Footer({ footer, siteName }: FooterProps) {
  const t = useT();
  return (
    <FooterBar>
      <Inner>
        <div>
          <h2>{siteName}</h2>
          {footer.tagline ? <p>{footer.tagline}</p> : null}
          {footer.callUs ? (
            <div style={{ marginTop: "16px" }}>
              <CallUsButton callUs={footer.callUs} Button={FooterButton} />
            </div>
          ) : null}
        </div>
        {footer.quickLinks.length ? (
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links">{t("quickLinks")}</h2>
            <ul>
              {footer.quickLinks.map((q) => (
                <li key={q.uid}>
                  {q.href ? (
                    <QuickLink href={q.href} uid={q.uid}>
                      {q.label}
                    </QuickLink>
                  ) : (
                    <span>{q.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {footer.linkGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={`${link.label}-${link.href}`}>
                  {link.href ? (
                    <PageLink href={link.href} {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                      {link.label}
                    </PageLink>
                  ) : (
                    <span>{link.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Inner>
      <Bottom>
        <span>{footer.copyright}</span>
        <CookieSettingsLink />
        {footer.verificationBadge ? (
          <Badge as={VerificationBadgeLink} href={footer.verificationBadge.verifyUrl} label={t("verifiedRetailer")}>
            <img src={footer.verificationBadge.imageUrl} alt={footer.verificationBadge.alt} width={120} height={48} />
          </Badge>
        ) : null}
      </Bottom>
    </FooterBar>
  );
}, sameContent);

/** A footer quick link: counted before the browser leaves, from first paint (tracking/described-events.ts). */
function QuickLink({ href, uid, children }: { href: string; uid: string; children: ReactNode }) {
  const calls: TrackCall[] = [{ name: "quick_link_opened", properties: { target_uid: uid } }];
  return (
    <PageLink href={href} data-quick-link={uid} onClick={() => trackCalls(calls)} {...describedClick(calls)}>
      {children}
    </PageLink>
  );
}

import { useEffect, useId, useRef, type CSSProperties, type MouseEvent } from "react";
import { bookingUrl } from "~/booking/booking-url";
import type { Block } from "~/content/page-document";
import { reviewTrust } from "~/content/review-trust";
import { categoryLabelColor, isComboCategory } from "~/prices/category-ids";
import { experienceListKey } from "~/prices/commerce-keys";
import type { Experience } from "~/prices/price-types";
import { designTokens } from "../../../tokens/design-tokens";
import { styled } from "../../../tokens/stitches.config";
import { primaryAction } from "../ui/action-styles";
import { describeCalls, describedClick, DESCRIBED_VIEW_ATTRIBUTE, trackCalls, type TrackCall } from "../../../tracking/described-events";
import { claimImpression, halfVisible } from "../../../tracking/impressions";
import { track } from "../../../tracking/track";
import { FallbackImage } from "../behaviour/FallbackImage";
import { useT } from "../page-providers";
import { useCommerce } from "./commerce-context";
import { useAttribution } from "./use-attribution";

// CONTRACT (prices issue implements): a list of experience cards for an experience_list block.
export type ExperienceListBlock = Extract<Block, { type: "experience_list" }>;

const EXPERIENCE_FALLBACK_IMAGE = "/media/experiences/fallback.svg";
/** GA4 list ids are at most 100 characters (tracking/events/commerce-events.ts). */
const listId = (id: string) => id.slice(0, 100);

const Grid = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "$24",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
});

// On a phone, what is below the screen is laid out, styled and painted only when the visitor scrolls near
// it (content-visibility: auto): each experience list, each card (below) and the footer. Layout cost
// follows the page's content, and the lists are most of a city or category page (8 interleaved cold loads
// against the build before: see README). While skipped, a box is as tall as its placeholder ("auto"
// remembers its real height once drawn), so placeholders are fitted to a phone's one-column layout:
// - never shorter than the content, which would overflow the box, and audits that read colours from what
//   is drawn (axe, so Lighthouse's accessibility score) pair overflowing text with whatever is drawn there
//   (a list under a 600 px placeholder put its cards over the dark footer: accessibility 96);
// - not much taller either: on a fast fling a box can come into view a frame before it is drawn, and the
//   difference then moves what follows it (tests/e2e/offscreen.spec.ts checks both on the bench pages).
// Wider screens put several cards in a row, so nothing is skipped there.

const ListBlock = styled("div", {
  "@oneColumn": {
    contentVisibility: "auto",
    // A card is 396-412 px tall on a phone, plus the 24 px gap; 64 px for the heading.
    containIntrinsicBlockSize: "auto calc(var(--cards, 1) * 440px + 64px)",
    overflowClipMargin: "8px",
  },
});

const Card = styled("article", {
  display: "flex",
  flexDirection: "column",
  gap: "$8",
  height: "100%",
  padding: "$12",
  borderRadius: "$16",
  backgroundColor: "$surface",
  boxShadow: "$level1",
  border: "1px solid $divider",
  img: { width: "100%", height: "auto", aspectRatio: "3 / 2", objectFit: "cover", borderRadius: "$12", backgroundColor: "$surfaceSubtle" },
  h3: { fontSize: "$18", lineHeight: "$snug", margin: 0 },
  // Skipped below the screen on a phone (see ListBlock): 390 px inside the padding and border, 416 px in
  // all, against 396-412 px real; the padding keeps the focus rings of its links inside the box.
  "@oneColumn": { contentVisibility: "auto", containIntrinsicBlockSize: "auto 390px" },
});

const Label = styled("span", {
  alignSelf: "flex-start",
  padding: "$2 $8",
  borderRadius: "$4",
  color: "$textInverse",
  fontSize: "$12",
  fontWeight: "$semibold",
  variants: { combo: { true: { backgroundImage: designTokens.gradients.comboLabel } } },
});

const Rating = styled("p", {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "$8",
  margin: 0,
  fontSize: "$14",
  color: "$textSubtle",
  variants: { trust: { strong: { color: "$text", strong: { color: "$purpleDark" } }, weak: {}, none: {} } },
});

const Badge = styled("span", {
  padding: "$2 $8",
  borderRadius: "$4",
  backgroundColor: "$surfaceSuccess",
  color: "$textSuccess",
  fontSize: "$12",
  fontWeight: "$semibold",
});

const Hidden = styled("span", { visuallyHidden: true });

// The star is drawn, not typed: "★" is in neither the webfonts' latin subset nor the Arial-metric
// fallback faces, so the phone's first layout searched the system's fonts for it (in the page's longest task,
// decision 006) and drew it in whatever font it found.
const Star = styled("svg", { width: "0.9em", height: "0.9em", marginRight: "0.25em", verticalAlign: "-0.05em", fill: "currentColor" });

function RatingStar() {
  return (
    <Star viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.4l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z" />
    </Star>
  );
}

const Inline = styled("div", { maxWidth: "360px", my: "$16" });

const Footer = styled("div", {
  marginTop: "auto",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$12",
  flexWrap: "wrap",
});

const BookLink = styled("a", primaryAction);

interface CardProps {
  experience: Experience;
  /** Set when the card is in a list: clicks are then also GA4 select_item. */
  list?: { id: string; name: string; index: number };
  headingLevel?: "h3" | "h4";
}

function ExperienceCard({ experience: e, list, headingLevel = "h3" }: CardProps) {
  const commerce = useCommerce();
  const t = useT();
  const attribution = useAttribution();
  const nameId = useId();
  // Formatted on the server (commerce-text.server.ts): no Intl work on the phone during hydration.
  const text = commerce?.text.experiences[String(e.id)];
  const priceText = text?.price ?? "";
  const trust = reviewTrust(e);
  const Heading = headingLevel;
  const href = commerce ? bookingUrl({ ...commerce.booking, tgid: e.id, flowType: e.flowType, attribution }) : undefined;

  useEffect(() => {
    if (!priceText) track("price_unavailable", { source_kind: "tour-group", source_id: e.id });
  }, [priceText, e.id]);

  // Described on the link for the head script, and tracked by the handler once the app runs: the same calls.
  const clickCalls: TrackCall[] = [
    ...(list
      ? [
          {
            name: "select_item" as const,
            properties: { ecommerce: { item_list_id: listId(list.id), item_list_name: list.name.slice(0, 100), items: [ga4Item(e, list.index, list.id)] } },
          },
        ]
      : []),
    { name: "booking_link_clicked", properties: { tgid: e.id, flow_type: e.flowType, price: e.price, currency: e.currency } },
  ];
  const onClick = (_event: MouseEvent<HTMLAnchorElement>) => trackCalls(clickCalls);

  return (
    <Card aria-labelledby={nameId} data-tgid={e.id}>
      <FallbackImage src={e.imageUrl ?? EXPERIENCE_FALLBACK_IMAGE} fallbackSrc={EXPERIENCE_FALLBACK_IMAGE} alt="" width={360} height={240} />
      {e.category ? (
        <Label combo={isComboCategory(e.category.id)} css={{ backgroundColor: `$${categoryLabelColor(e.category.id)}` }}>
          {e.category.displayName}
        </Label>
      ) : null}
      <Heading id={nameId}>{e.name}</Heading>
      <Rating trust={trust} data-trust={trust}>
        {trust === "none" || !text?.rating ? (
          <span>{t("cardNew")}</span>
        ) : (
          <>
            <span aria-hidden="true">
              <strong>
                <RatingStar />
                {text.rating}
              </strong>{" "}
              ({text.count} {t("reviews")})
            </span>
            <Hidden>{t("cardRated").replace("{average}", text.rating).replace("{count}", text.count)}</Hidden>
            {trust === "strong" ? <Badge>{t("cardTopRated")}</Badge> : null}
          </>
        )}
      </Rating>
      <Footer>
        <span data-price-source={`tour-group:${e.id}`} data-price-state={priceText ? "shown" : "unavailable"}>
          {priceText ? (
            <>
              {t("from")} <strong>{priceText}</strong>
            </>
          ) : null}
        </span>
        {href ? (
          // The name starts with the visible words, so speech users can say "Book now" (WCAG 2.5.3).
          <BookLink href={href} onClick={onClick} aria-label={`${t("bookNow")}: ${e.name}`} {...describedClick(clickCalls)}>
            {t("bookNow")}
          </BookLink>
        ) : null}
      </Footer>
    </Card>
  );
}

function ga4Item(e: Experience, index: number, listKey: string) {
  return {
    item_id: String(e.id),
    item_name: e.name.slice(0, 100),
    ...(e.price !== null ? { price: e.price, currency: e.currency } : {}),
    index,
    ...(e.category ? { item_category: e.category.displayName.slice(0, 100) } : {}),
    item_list_id: listId(listKey),
  };
}

export function ExperienceList({ block }: { block: ExperienceListBlock }) {
  const commerce = useCommerce();
  const listRef = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const key = experienceListKey(block.source);
  const id = block.id ?? key;
  const ids = commerce?.lists[key];
  const experiences = (ids ?? [])
    .map((tgid) => commerce?.experiences[String(tgid)])
    .filter((e): e is Experience => !!e)
    .slice(0, block.limit ?? Number.POSITIVE_INFINITY);
  const count = experiences.length;
  const viewCalls: TrackCall[] = [
    {
      name: "view_item_list",
      properties: { ecommerce: { item_list_id: listId(id), item_list_name: block.title.slice(0, 100), items: experiences.map((e, i) => ga4Item(e, i, id)) } },
    },
  ];
  const viewDescription = count > 0 ? describeCalls(viewCalls) : undefined;

  useEffect(() => {
    const element = listRef.current;
    if (!element || count === 0 || typeof IntersectionObserver === "undefined") return;
    // view_item_list fires once per list per page view, the first time it is half visible: by the head
    // script before the app runs (early-input.tsx), by this observer after; whichever sees it first.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some(halfVisible)) return;
        observer.disconnect();
        if (viewDescription === undefined || claimImpression(viewDescription)) trackCalls(viewCalls);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
    // The list's content is fixed for a page view; re-observing on every render would re-fire.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, count]);

  // A list that could not be loaded (failed or over the price budget) is left out entirely (docs/requirements.md#8-failures).
  if (count === 0) return null;
  return (
    <ListBlock data-experience-list={key} style={{ "--cards": count } as CSSProperties}>
      <h2 id={titleId}>{block.title}</h2>
      <Grid ref={listRef} aria-labelledby={titleId} data-count={count} {...{ [DESCRIBED_VIEW_ATTRIBUTE]: viewDescription }}>
        {experiences.map((e, index) => (
          <li key={e.id}>
            <ExperienceCard experience={e} list={{ id, name: block.title, index }} />
          </li>
        ))}
      </Grid>
    </ListBlock>
  );
}

// CONTRACT (prices issue implements): one experience card for the inline {experience id=…} block.
export function InlineExperience({ tgid }: { tgid: number }) {
  const commerce = useCommerce();
  const experience = commerce?.experiences[String(tgid)];
  if (!experience) return null;
  return (
    <Inline data-experience={tgid}>
      <ExperienceCard experience={experience} />
    </Inline>
  );
}

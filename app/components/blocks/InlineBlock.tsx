import { styled } from "../../../tokens/stitches.config";
import { JumpLink } from "../behaviour/JumpLink";
import { PriceTag } from "../commerce/PriceTag";
import { Icon } from "../icons/Icon";
import { Callout, Notes } from "./Callout";
import { ContentImage } from "./ContentImage";
import { ContentLink } from "./ContentLink";
import { DateText } from "./DateText";
import { EmbedFrame, SpotifyFrame } from "./EmbedFrame";
import type { InlineBlockView } from "~/content/rich-text-view";
import { lazyIsland } from "../lazy-island";

// An island (app/components/islands.ts): the experience card's code comes after the initial JavaScript.
const InlineExperience = lazyIsland(() => import("../islands").then((module) => module.InlineExperience));

// One {name attr=value} block as React elements. Content never becomes markup: every attribute was
// checked on the server (content/inline-props.ts, through content/rich-text-view.server.ts) and arrives as a
// typed prop; a block that did not check out arrives as the text the editor wrote.

const CtaRow = styled("span", { display: "flex", flexWrap: "wrap", gap: "$12", my: "$16" });
const Block = styled("span", { display: "block", my: "$16" });

export function InlineBlock({ props }: { props: InlineBlockView }) {
  switch (props.name) {
    case "icon":
      return <Icon type={props.type} label={props.label} />;
    case "date":
      return <DateText value={props.value} text={props.text} />;
    case "link":
    case "a":
      return <ContentLink label={props.label} link={props.link} />;
    case "jumplink":
      return <JumpLink targetId={props.to}>{props.label}</JumpLink>;
    case "cta":
      return (
        <CtaRow data-cta="">
          <ContentLink label={props.label} link={props.link} appearance={props.appearance} />
        </CtaRow>
      );
    case "callout":
      return <Callout tone={props.tone} title={props.title} text={props.text} />;
    case "notes":
      return <Notes title={props.title} items={props.items} />;
    case "iframe":
      return <EmbedFrame embed={props.embed} title={props.title} ratio={props.ratio} />;
    case "spotify":
      return <SpotifyFrame embedSrc={props.embedSrc} title={props.title} compact={props.compact} />;
    case "image":
      return <ContentImage src={props.src} fallbackSrc={props.fallback} alt={props.alt} width={props.width} height={props.height} inline />;
    case "experience":
      return (
        <Block data-inline-experience={props.id}>
          <InlineExperience tgid={props.id} />
        </Block>
      );
    case "price":
      return <PriceTag source={props.source} label={props.label} truncate={props.truncate} />;
  }
}

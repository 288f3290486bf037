import type { Block } from "~/content/page-document";

// CONTRACT (prices issue implements): a list of experience cards for an experience_list block.
export type ExperienceListBlock = Extract<Block, { type: "experience_list" }>;

export function ExperienceList({ block }: { block: ExperienceListBlock }) {
  return <h2>{block.title}</h2>;
}

// CONTRACT (prices issue implements): one experience card for the inline {experience id=…} block.
export function InlineExperience({ tgid }: { tgid: number }) {
  return <span data-experience={tgid} />;
}

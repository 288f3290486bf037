import type { ReactNode } from "react";

// CONTRACT (machines issue implements): smooth scroll to a block id over 1200 ms, offset -30 on
// mobile and -100 on desktop (spec §9), tracked as jump_link_used.
export interface JumpLinkProps {
  targetId: string;
  children: ReactNode;
}

export function JumpLink({ targetId, children }: JumpLinkProps) {
  return <a href={`#${targetId}`}>{children}</a>;
}

import { useT } from "../page-context";
import type { UiStringKey } from "~/i18n/ui-strings";

// Behaviour words come from the page's dictionary like every other interface word (app/i18n).
export type BehaviourStringKey = UiStringKey;
export const useBehaviourT = useT;

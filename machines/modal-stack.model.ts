// The modal stack's data and the questions the host asks of it, apart from the machine: no xstate
// here, so the page's ModalHost can read a stack while the machines' code is still loading.

type ModalVariant = "center" | "side" | "drawer";

/** docs/requirements.md#3-data Modal stack entry. `children` is what the host renders (a React node in app/). */
export interface ModalEntry {
  id: string;
  title: string;
  variant: ModalVariant;
  closeOnOutsideClick: boolean;
  /** Whether this entry offers a back button when another modal is below it. */
  hasBack: boolean;
  onCloseCallback?: () => void;
  children?: unknown;
  /** Optional commerce fields from the spec (product-card modals). */
  isProductCardTracking?: boolean;
  tgid?: number;
}

export interface ModalStackContext {
  stack: ModalEntry[];
}

export function topModal(context: ModalStackContext): ModalEntry | undefined {
  return context.stack[context.stack.length - 1];
}

/** docs/requirements.md#4-behaviour: the back button shows only when more than one modal is stacked. */
export function showsBackButton(context: ModalStackContext): boolean {
  return context.stack.length > 1 && (topModal(context)?.hasBack ?? false);
}

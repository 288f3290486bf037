// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageContextProvider } from "../page-providers";
import { PageLink, PageNavigationProvider } from "./PageLink";

// A page link composes its caller's focus, hover and touch handlers with its own (which fetch the next page's data
// ahead), as Remix's <Link> composes them: neither is dropped.

const fetched: string[] = [];
vi.mock("@remix-run/react", () => ({ useNavigate: () => () => undefined }));
vi.mock("./page-data-ahead", () => ({ fetchPageData: (href: string) => void fetched.push(href), pageOf: () => "/" }));

const HREF = "/day-trips/";
const visitor = { uid: "www.paris-experiences.example", lang: "en", isMobile: false, isBot: false } as never;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mount(element: ReactNode): { link: HTMLAnchorElement; unmount: () => void } {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <PageContextProvider value={visitor}>
        <PageNavigationProvider>{element}</PageNavigationProvider>
      </PageContextProvider>,
    ),
  );
  return { link: container.querySelector("a")!, unmount: () => act(() => root.unmount()) };
}

beforeEach(() => {
  fetched.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("PageLink", () => {
  it("runs the caller's hover, focus and touch handlers, and still fetches the page's data ahead on them", () => {
    const calls: string[] = [];
    const { link, unmount } = mount(
      <PageLink
        href={HREF}
        onMouseEnter={() => calls.push("enter")}
        onMouseLeave={() => calls.push("leave")}
        onFocus={() => calls.push("focus")}
        onBlur={() => calls.push("blur")}
        onTouchStart={() => calls.push("touch")}
      >
        Day trips
      </PageLink>,
    );
    act(() => void link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: document.body })));
    act(() => void vi.advanceTimersByTime(100));
    expect(fetched).toEqual([HREF]);
    act(() => void link.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body })));
    act(() => link.focus());
    act(() => link.blur());
    act(() => void link.dispatchEvent(new TouchEvent("touchstart", { bubbles: true })));
    expect(calls).toEqual(["enter", "leave", "focus", "blur", "touch"]);
    unmount();
  });

  it("leaves before 100 ms of hover: the caller's handlers run, nothing is fetched", () => {
    const calls: string[] = [];
    const { link, unmount } = mount(
      <PageLink href={HREF} onMouseEnter={() => calls.push("enter")} onMouseLeave={() => calls.push("leave")}>
        Day trips
      </PageLink>,
    );
    act(() => void link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: document.body })));
    act(() => void link.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body })));
    act(() => void vi.advanceTimersByTime(200));
    expect(calls).toEqual(["enter", "leave"]);
    expect(fetched).toEqual([]);
    unmount();
  });
});

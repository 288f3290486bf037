import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Until hydration has finished, the inline catcher in <head> keeps input away from React
// (app/components/early-input.tsx), so hydration runs in short slices and never all at once on a tap.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

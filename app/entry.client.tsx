import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { closeEarlyInput } from "~/components/early-input";

// From here on React answers every input (a click on a part not yet hydrated hydrates it first), so the
// inline catcher in <head> stops; what it caught is replayed once the page has mounted.
closeEarlyInput();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

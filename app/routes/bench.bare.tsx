import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";

// The bare document route for the benchmarks: the same server, root document, Stitches and headers, with no
// content and no prices, so each page's req/s can be read as a ratio to this baseline (`npm run bench`). With
// `?step=N` it also links to step N + 1: `npm run bench:navigation` taps that link to measure what a navigation
// inside the app needs of the platform alone (Remix's router, React, the root). Exists only in bench mode.
export function loader({ context, request }: LoaderFunctionArgs) {
  if (!context.services.env.BENCH_MODE) throw new Response("Not found", { status: 404 });
  const step = Number(new URL(request.url).searchParams.get("step"));
  return { step: Number.isSafeInteger(step) && step > 0 ? step : null };
}

export default function BareDocument() {
  const { step } = useLoaderData<typeof loader>();
  // Hydrated, as a storefront page says it once its consent banner has (ConsentBanner.tsx): the benchmarks wait for it.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <main id="main">
      <h1>Bare document{step ? ` ${step}` : ""}</h1>
      {step ? (
        <Link to={`/bench/bare?step=${step + 1}`} discover="none">
          Next bare document
        </Link>
      ) : null}
    </main>
  );
}

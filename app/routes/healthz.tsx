// Liveness for process managers and the test runner: answers without touching content or the API.
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}

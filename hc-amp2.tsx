import React from "react";
import { render } from "./tests/unit/blocks-render";
import { PageBody } from "~/components/page/PageBody";
import { toPageView } from "~/content/page-view.server";
import { PageDocumentSchema } from "~/content/page-document";
function doc(unit: string, blocks: number, chars: number) {
  const text = unit.repeat(Math.floor(chars / unit.length));
  return PageDocumentSchema.parse({ pageType: "guide", seo: { title: "t", description: "d" }, heading: "h", body: Array.from({ length: blocks }, () => ({ type: "rich_text", text })) });
}
const [unit, blocks, chars] = [JSON.parse(process.argv[2]!), Number(process.argv[3]), Number(process.argv[4])];
for (let i = 0; i < 2; i++) {
  const d = doc(unit, blocks, chars);
  const json = JSON.stringify(d).length;
  let t = performance.now();
  const view = toPageView(d, "en");
  const tView = performance.now() - t;
  t = performance.now();
  const html = render(React.createElement(PageBody, { doc: view }));
  console.log(JSON.stringify(unit).padEnd(20), blocks, chars, "json", json, "html", html.length, "view", tView.toFixed(0), "render", (performance.now() - t).toFixed(0), "ms");
}

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashSource, inlineCodeHashes } from "./inline-code-hashes.server";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
const hashesOf = (html: string) => inlineCodeHashes(Buffer.from(html, "utf8"));

describe("inlineCodeHashes", () => {
  it("hashes the exact text of every inline script and style, each once, in document order", () => {
    const markup =
      '<html><head><script>window.a=1</script><style id="font-faces">@font-face{}</style><script type="module" async="">import "/x.js";</script>' +
      '<script src="/build/app.js"></script></head><body><p>a &lt;script&gt; in text</p><script>window.a=1</script><script></script></body></html>';
    expect(hashesOf(markup)).toEqual({
      scripts: [sha("window.a=1"), sha('import "/x.js";'), sha("")],
      styles: [sha("@font-face{}")],
    });
  });

  it("reads a script's text to its first closing tag, skipping what looks like a tag inside it", () => {
    const text = 'var s="<style>x</style><script>";';
    expect(hashesOf(`<script>${text}</script><style>b{}</style><script>2</script>`)).toEqual({ scripts: [sha(text), sha("2")], styles: [sha("b{}")] });
    expect(hashesOf(`<style>a{content:"<script>"}</style><script>1</script>`)).toEqual({ scripts: [sha("1")], styles: [sha('a{content:"<script>"}')] });
  });

  it("hashes text of several bytes a character as UTF-8, and line ends as the parser reads them", () => {
    expect(hashesOf("<p>€</p><script>'€ 東京 😀'</script>").scripts).toEqual([sha("'€ 東京 😀'")]);
    expect(hashSource(Buffer.from("a\r\nb\rc"))).toBe(sha("a\nb\nc"));
    expect(hashesOf("<script>a\r\nb</script>").scripts).toEqual([sha("a\nb")]);
  });

  it("does not take an element whose name only begins like script or style, and takes attributes on the next line", () => {
    expect(hashesOf("<scripts>1</scripts><styled>2</styled>")).toEqual({ scripts: [], styles: [] });
    expect(hashesOf('<script\ntype="module">1</script>')).toEqual({ scripts: [sha("1")], styles: [] });
  });

  it("takes a document cut short: the text runs to its end", () => {
    expect(hashesOf("<script>1")).toEqual({ scripts: [sha("1")], styles: [] });
    expect(hashesOf("<script")).toEqual({ scripts: [], styles: [] });
  });
});

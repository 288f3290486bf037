import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashSource, inlineCodeHashes } from "./inline-code-hashes.server";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inlineCodeHashes", () => {
  it("hashes the exact text of every inline script and style, each once, in document order", () => {
    const markup =
      '<html><head><script>window.a=1</script><style id="font-faces">@font-face{}</style><script type="module" async="">import "/x.js";</script>' +
      '<script src="/build/app.js"></script></head><body><p>a &lt;script&gt; in text</p><script>window.a=1</script><script></script></body></html>';
    expect(inlineCodeHashes([markup])).toEqual({
      scripts: [sha("window.a=1"), sha('import "/x.js";'), sha("")],
      styles: [sha("@font-face{}")],
    });
  });

  it("reads a script's text to its first closing tag, skipping what looks like a tag inside it", () => {
    const text = 'var s="<style>x</style><script>";';
    expect(inlineCodeHashes([`<script>${text}</script><style>b{}</style>`])).toEqual({ scripts: [sha(text)], styles: [sha("b{}")] });
  });

  it("hashes text of several bytes a character as UTF-8, and line ends as the parser reads them", () => {
    expect(inlineCodeHashes(["<script>'€ 東京 😀'</script>"]).scripts).toEqual([sha("'€ 東京 😀'")]);
    expect(hashSource("a\r\nb\rc")).toBe(sha("a\nb\nc"));
  });

  it("takes pieces of one document, and styles written outside the markup", () => {
    expect(inlineCodeHashes(["<script>1</script><p>", "</p><script>2</script>"], ["p{color:red}"])).toEqual({
      scripts: [sha("1"), sha("2")],
      styles: [sha("p{color:red}")],
    });
  });

  it("does not take an element whose name only begins like script or style", () => {
    expect(inlineCodeHashes(["<scripts>1</scripts><styled>2</styled>"])).toEqual({ scripts: [], styles: [] });
  });
});

import { describe, expect, it } from "vitest";
import { FONT_FACE_CSS } from "./font-faces.server";

// With font-display: optional, a face that misses the first layout counts as failed, and the browser
// looks for each character in the family's other faces that list it: a code point in two subsets
// fetches the second file for nothing (œ on the Paris city page fetched the whole latin-ext file: decision 006).

const faces = [...FONT_FACE_CSS.matchAll(/@font-face\{font-family:'([^']+)';[^}]*?unicode-range:([^}]+)\}/g)].map(([, family, range]) => ({
  family: family!,
  codePoints: range!.split(",").flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/, "").split("-");
    const start = parseInt(from!, 16);
    return Array.from({ length: parseInt(to!, 16) - start + 1 }, (_, i) => start + i);
  }),
}));

describe("webfont faces", () => {
  it("declares the subsets of Inter (latin, latin-ext, the currency symbols, cyrillic) and Outfit (latin, latin-ext)", () => {
    expect(faces.map((face) => face.family)).toEqual(["Inter", "Inter", "Inter", "Inter", "Outfit", "Outfit"]);
  });

  it("never lists a code point in two faces of one family", () => {
    for (const family of new Set(faces.map((face) => face.family))) {
      const owner = new Map<number, number>();
      faces.forEach((face, index) => {
        if (face.family !== family) return;
        for (const point of face.codePoints) {
          expect(owner.get(point), `${family}: U+${point.toString(16).toUpperCase()} is in faces ${owner.get(point)} and ${index}`).toBeUndefined();
          owner.set(point, index);
        }
      });
    }
  });

  it("keeps œ, Œ and ı in latin, and Polish, Romanian and Turkish letters in latin-ext", () => {
    const inter = faces.filter((face) => face.family === "Inter");
    const faceOf = (char: string) => inter.findIndex((face) => face.codePoints.includes(char.codePointAt(0)!));
    const latin = faceOf("é");
    expect(["œ", "Œ", "ı", "€", "…"].map(faceOf)).toEqual([latin, latin, latin, latin, latin]);
    const latinExt = faceOf("ą");
    expect(latinExt).not.toBe(latin);
    expect(["ą", "ș", "ğ", "İ"].map(faceOf)).toEqual([latinExt, latinExt, latinExt, latinExt]);
  });

  it("puts the currency list's symbols that latin lacks (₩ ₫ ₹ and the ł of zł) in their own small face, and only those", () => {
    const inter = faces.filter((face) => face.family === "Inter");
    const faceOf = (char: string) => inter.findIndex((face) => face.codePoints.includes(char.codePointAt(0)!));
    const currency = faceOf("₹");
    expect(["₩", "₫", "ł", "Ł"].map(faceOf)).toEqual([currency, currency, currency, currency]);
    expect(inter[currency]!.codePoints).toHaveLength(5);
    // Their neighbours stay where they were: ₪ (U+20AA) and ₺ (U+20BA) in latin-ext, € in latin.
    expect(["₪", "₺", "Ń"].map(faceOf)).toEqual([faceOf("ą"), faceOf("ą"), faceOf("ą")]);
    expect(faceOf("€")).toBe(faceOf("é"));
  });
});

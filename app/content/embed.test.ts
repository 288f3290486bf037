import { describe, expect, it } from "vitest";
import { classifyEmbed, localizeMapsUrl, spotifyEmbedUrl, youTubeVideoId } from "./embed";
import { toSupportedLanguage } from "~/i18n/languages";

const ID = "dQw4w9WgXcQ";

describe("youTubeVideoId", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}/`,
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    ` https://www.youtube.com/watch?v=${ID} `,
  ])("finds the id in %s", (url) => {
    expect(youTubeVideoId(url)).toBe(ID);
  });

  it.each([
    ["http (not https)", `http://www.youtube.com/watch?v=${ID}`],
    ["10-character id", "https://youtu.be/dQw4w9WgXc"],
    ["12-character id", "https://youtu.be/dQw4w9WgXcQQ"],
    ["id with a bad character", "https://youtu.be/dQw4w9WgX!Q"],
    ["look-alike host", `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ["other host", `https://vimeo.com/watch?v=${ID}`],
    ["channel page", "https://www.youtube.com/@paris"],
    ["credentials", `https://user:pw@www.youtube.com/watch?v=${ID}`],
  ])("refuses a %s", (_, url) => {
    expect(youTubeVideoId(url)).toBeNull();
  });
});

describe("spotifyEmbedUrl", () => {
  it("turns an item URL into its embed URL", () => {
    expect(spotifyEmbedUrl("https://open.spotify.com/playlist/37i9dQZF1DX4sWSpwq3LiO?si=x")).toBe(
      "https://open.spotify.com/embed/playlist/37i9dQZF1DX4sWSpwq3LiO",
    );
    expect(spotifyEmbedUrl("https://open.spotify.com/intl-fr/track/4uLU6hMCjMI75M1A2tKUQC")).toBe(
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC",
    );
    expect(spotifyEmbedUrl("https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3")).toBe("https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3");
  });
  it("refuses other paths and hosts", () => {
    expect(spotifyEmbedUrl("https://open.spotify.com/user/abc")).toBeNull();
    expect(spotifyEmbedUrl("https://open.spotify.com/track/")).toBeNull();
    expect(spotifyEmbedUrl("https://spotify.evil.example/track/4uLU6hMCjMI75M1A2tKUQC")).toBeNull();
  });
});

describe("localizeMapsUrl (docs/requirements.md#5-rules: maps get the page language)", () => {
  const pb =
    "!1m18!1m12!1m3!1d2624.99!2d2.2945!3d48.8584!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x8ddca9ee380ef7e0!2sEiffel!5e0!3m2!1sen!2sfr!4v1700000000000";
  it("replaces the language inside pb and sets hl", () => {
    const url = new URL(localizeMapsUrl(`https://www.google.com/maps/embed?pb=${pb}`, "de")!);
    expect(url.searchParams.get("pb")).toContain("!3m2!1sde!2sfr!");
    expect(url.searchParams.get("pb")).not.toContain("!1sen!2s");
    expect(url.searchParams.get("hl")).toBe("de");
  });
  it("replaces hl, language and an /intl/ segment", () => {
    const url = new URL(localizeMapsUrl("https://www.google.com/intl/en_uk/maps/embed/v1/place?q=Louvre&language=en&hl=en", "fr")!);
    expect(url.pathname).toBe("/intl/fr/maps/embed/v1/place");
    expect(url.searchParams.get("language")).toBe("fr");
    expect(url.searchParams.get("hl")).toBe("fr");
  });
  it("uses English for an unsupported page language", () => {
    expect(new URL(localizeMapsUrl("https://maps.google.com/maps?q=Paris&output=embed&hl=fr", toSupportedLanguage("ar"))!).searchParams.get("hl")).toBe("en");
  });
  it("refuses Google pages that are not map embeds", () => {
    expect(localizeMapsUrl("https://www.google.com/search?q=x", "en")).toBeNull();
    expect(localizeMapsUrl("https://www.google.com/maps/place/Paris", "en")).toBeNull();
  });
  it.each([
    ["the redirector", "https://www.google.com/url?q=https://evil.example&output=embed"],
    ["search", "https://www.google.com/search?q=x&output=embed"],
    ["a place page", "https://www.google.com/maps/place/Paris?output=embed"],
    ["a look-alike path", "https://www.google.com/mapsembed?output=embed"],
    ["an /intl/ redirector", "https://www.google.com/intl/en/url?q=https://evil.example&output=embed"],
  ])("output=embed alone does not make %s a map", (_, url) => {
    expect(localizeMapsUrl(url, "en")).toBeNull();
    expect(classifyEmbed(url, "en").kind).toBe("blocked");
  });
  it.each([
    "https://www.google.com/maps/embed?pb=!1m2",
    "https://www.google.com/maps/embed/v1/place?q=Louvre",
    "https://www.google.com/intl/fr/maps/embed?pb=!1m2",
    "https://maps.google.com/maps?q=Paris&output=embed",
    "https://www.google.com/maps?q=Paris&output=embed",
  ])("still frames the Maps embed form %s", (url) => {
    expect(classifyEmbed(url, "en")).toMatchObject({ kind: "iframe", provider: "maps" });
  });
  it("replaces both languages in a current embed code (!3m2 and !5m2)", () => {
    // As copied from Google Maps' "Embed a map" dialog today: the language appears twice.
    const code =
      "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d2624.9916256937595!2d2.2922926!3d48.8583736!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x47e66e2964e34e2d%3A0x8ddca9ee380ef7e0!2sEiffel%20Tower!5e0!3m2!1sen!2sfr!4v1700000000000!5m2!1sen!2sfr";
    const pb = new URL(localizeMapsUrl(code, "de")!).searchParams.get("pb")!;
    expect(pb).toContain("!3m2!1sde!2sfr!");
    expect(pb).toMatch(/!5m2!1sde!2sfr$/);
    expect(pb).not.toContain("!1sen!");
  });
});

describe("classifyEmbed", () => {
  it("sends YouTube to the tracked player, others to frames, the rest nowhere", () => {
    expect(classifyEmbed(`https://youtu.be/${ID}`, "en")).toEqual({ kind: "youtube", videoId: ID });
    expect(classifyEmbed("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", "en")).toMatchObject({ kind: "iframe", provider: "spotify" });
    expect(classifyEmbed("https://www.google.com/maps/embed?pb=!1m2", "fr")).toMatchObject({ kind: "iframe", provider: "maps" });
    for (const blocked of [
      "https://player.vimeo.com/video/1",
      "https://evil.example/",
      "javascript:alert(1)",
      "data:text/html,<script>",
      "//www.youtube.com/embed/x",
      "http://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://www.youtube.com/watch?v=bad",
    ]) {
      expect(classifyEmbed(blocked, "en").kind).toBe("blocked");
    }
  });
});

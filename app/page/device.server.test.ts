import { describe, expect, it } from "vitest";
import { classifyDevice, deviceVary, requestDevice } from "./device.server";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT_SMARTPHONE =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const h = (entries: Record<string, string>) => new Headers(entries);

describe("classifyDevice", () => {
  it("a bot is a bot whatever its screen", () => {
    expect(classifyDevice(h({ "user-agent": GOOGLEBOT_SMARTPHONE }))).toBe("bot");
    expect(classifyDevice(h({ "user-agent": GOOGLEBOT_SMARTPHONE, "sec-ch-ua-mobile": "?1" }))).toBe("bot");
  });
  it("otherwise mobile or desktop from the viewport hint, Sec-CH-UA-Mobile, then the user agent", () => {
    expect(classifyDevice(h({ "user-agent": DESKTOP, "sec-ch-viewport-width": "768" }))).toBe("mobile");
    expect(classifyDevice(h({ "user-agent": IPHONE, "sec-ch-viewport-width": "769" }))).toBe("desktop");
    expect(classifyDevice(h({ "user-agent": DESKTOP, "sec-ch-ua-mobile": "?1" }))).toBe("mobile");
    expect(classifyDevice(h({ "user-agent": IPHONE }))).toBe("mobile");
    expect(classifyDevice(h({ "user-agent": DESKTOP }))).toBe("desktop");
    expect(classifyDevice(h({ "user-agent": IPHONE, "sec-ch-ua-mobile": "?0" }))).toBe("desktop");
    expect(classifyDevice(h({ "user-agent": IPHONE, "sec-ch-viewport-width": "wide" }))).toBe("mobile");
    expect(classifyDevice(h({}))).toBe("desktop");
  });
});

describe("requestDevice", () => {
  it("takes the CDN's X-Device and reads no other signal", () => {
    expect(requestDevice(h({ "x-device": "desktop", "user-agent": GOOGLEBOT_SMARTPHONE }))).toEqual({ device: "desktop", decidedBy: "cdn" });
    expect(requestDevice(h({ "x-device": " Mobile ", "user-agent": DESKTOP, "sec-ch-ua-mobile": "?0" }))).toEqual({ device: "mobile", decidedBy: "cdn" });
    expect(requestDevice(h({ "x-device": "bot", "user-agent": DESKTOP }))).toEqual({ device: "bot", decidedBy: "cdn" });
  });
  it("classifies the request itself when X-Device is absent or not one of the three", () => {
    expect(requestDevice(h({ "user-agent": IPHONE }))).toEqual({ device: "mobile", decidedBy: "signals" });
    expect(requestDevice(h({ "x-device": "tablet", "user-agent": GOOGLEBOT_SMARTPHONE }))).toEqual({ device: "bot", decidedBy: "signals" });
    expect(requestDevice(h({ "x-device": "", "user-agent": DESKTOP }))).toEqual({ device: "desktop", decidedBy: "signals" });
  });
});

describe("deviceVary", () => {
  it("names X-Device alone when the CDN decided, else X-Device and every signal read", () => {
    expect(deviceVary("cdn")).toEqual(["x-device"]);
    expect(deviceVary("signals")).toEqual(["x-device", "user-agent", "sec-ch-ua-mobile", "sec-ch-viewport-width", "viewport-width"]);
  });
});

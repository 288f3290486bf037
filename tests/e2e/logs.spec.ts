import { expect, test } from "@playwright/test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PARIS } from "./fixtures";
import { header, rawRequest, requestBytes, type RawResponse } from "./raw-http";
import { parseLogLine, startStorefront, type StorefrontServer } from "./storefront-server";

// What the server prints (docs/operations.md#logs): one JSON object a line, on stdout and stderr alike,
// whatever Remix, React or a library has to say; no value from a query, a form, a cookie or a header other
// than Host and X-Request-Id; a catalogue violation in a page's content one warning per page and reason,
// naming the document and the field, never a stack. A production server of its own, on a copy of the
// content with a link whose host the catalogue cannot take. (The fuzz in http-guard.spec.ts plants values
// in 5,000 generated requests too.)

test.describe.configure({ mode: "serial" });

const PLANTED = "planted-4b9d";
const EVIL_LINK = "https://evil_host.example/x";
const DOCUMENT = "paris-experiences/pages/index.en.json";
const STACK_FRAME = /^\s+at\s|\\n\s+at\s/;

let content: string;
let server: StorefrontServer;
test.beforeAll(async () => {
  content = mkdtempSync(path.join(tmpdir(), "content-logs-"));
  cpSync(path.resolve("content"), content, { recursive: true });
  const file = path.join(content, DOCUMENT);
  const doc = JSON.parse(readFileSync(file, "utf8")) as { body: Array<{ type: string; text?: string }> };
  doc.body.find((block) => block.type === "rich_text")!.text += `\n\nSee {link href=${EVIL_LINK} label="the other host"}.`;
  writeFileSync(file, JSON.stringify(doc));
  server = await startStorefront({ CONTENT_DIR: content });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(content, { recursive: true, force: true });
});

const send = (method: string, target: string, headers: Array<[string, string]> = [], body = "") =>
  rawRequest(
    server.port,
    requestBytes(
      method,
      target,
      [
        ["Host", "localhost"],
        ["Connection", "close"],
        ...headers,
        ...(body ? ([["Content-Length", String(Buffer.byteLength(body))]] as Array<[string, string]>) : []),
      ],
      body,
    ),
    { head: method === "HEAD" },
  );
const form: Array<[string, string]> = [["Content-Type", "application/x-www-form-urlencoded"]];

test("the issue's three: a way back with an empty segment, a _data value, a link the catalogue refuses: JSON lines, no visitor value, one warning naming the document and the field", async () => {
  const from = server.logs.length;
  // A form value Remix once printed on a plain-text line while it rewrote the Location.
  const back = await send("POST", "/preferences/currency", form, `currency=USD&returnTo=${encodeURIComponent("/;//bob@pii-example.com")}`);
  expect(back.status).toBe(303);
  expect(header(back, "location")).toBe("/;/bob@pii-example.com");
  // A query value the router quoted in its message.
  expect((await send("GET", "/?_data=alice@pii-example.com")).status).toBe(403);
  // The page with the link, rendered twice (two dates: two renders), and in French (its English document).
  for (const query of ["", "&date=2031-05-01", "&date=2031-05-02"]) {
    const page = await send("GET", `/?uid=${PARIS}&lang=en${query}`);
    expect(page.status).toBe(200);
    const html = page.body.toString("utf8");
    // The link works; its click is not described (the catalogue refuses it), so nothing invalid is pushed.
    const anchor = new RegExp(`<a [^>]*href="${EVIL_LINK}"[^>]*>`).exec(html)?.[0];
    expect(anchor).toBeDefined();
    expect(anchor).not.toContain("data-track");
  }

  const lines = await server.logsSince(from, 300);
  expect(
    lines.filter((line) => parseLogLine(line) === null),
    "lines that are not one JSON object",
  ).toEqual([]);
  const raw = lines.join("\n");
  expect(raw).not.toContain("pii-example");
  expect(lines.filter((line) => STACK_FRAME.test(line))).toEqual([]);
  const warnings = lines.map(parseLogLine).filter((line) => line?.msg.startsWith("[tracking]"));
  expect(warnings, "one warning for the page and its reason, however often it renders").toHaveLength(1);
  expect(warnings[0]).toMatchObject({ level: "warn", event: "outbound_link_clicked", document: DOCUMENT, fields: ["properties.link_domain"] });
  expect(warnings[0]!.msg).toContain(`[tracking] ${DOCUMENT}: the catalogue refuses a control's outbound_link_clicked (properties.link_domain:`);
  expect(warnings[0]!.msg).not.toContain("/work/");
  const access = lines.map(parseLogLine).filter((line) => line?.requestId !== undefined);
  expect(access.find((line) => line?.status === 403)?.msg).toBe("403 GET /: _data names a route that does not match the URL");
});

test("values planted in every place a visitor's data goes never reach a line", async () => {
  const from = server.logs.length;
  const visitor: Array<[string, string]> = [
    ["Cookie", `currency=EUR; consent-state=${PLANTED}; h-attr=${PLANTED}; session=${PLANTED}`],
    ["User-Agent", `Mozilla/5.0 (${PLANTED})`],
    ["Referer", `http://localhost/${PLANTED}/?q=${PLANTED}`],
    ["Accept-Language", `${PLANTED}`],
    ["cloudfront-viewer-country", PLANTED],
    ["X-Currency", PLANTED],
    ["X-Device", PLANTED],
    ["X-Forwarded-For", PLANTED],
  ];
  const answers: RawResponse[] = [];
  const page = `/?uid=${PARIS}&lang=en&q=${PLANTED}&gclid=${PLANTED}`;
  answers.push(await send("GET", page, visitor));
  answers.push(await send("GET", `/?uid=${PARIS}.${PLANTED}&lang=${PLANTED}&date=${PLANTED}`, visitor));
  answers.push(await send("GET", `/?_data=${PLANTED}`, visitor));
  answers.push(await send("GET", `/?uid=${PARIS}&lang=en&_data=routes%2F%24&x=${PLANTED}`, visitor));
  answers.push(await send("HEAD", `/_directory?site=${PLANTED}`, visitor));
  for (const body of [
    `currency=${PLANTED}&returnTo=/`,
    `currency=EUR&returnTo=${encodeURIComponent(`//${PLANTED}.example/`)}`,
    `currency=EUR&returnTo=${encodeURIComponent(`/;//${PLANTED}`)}`,
    `currency=EUR&returnTo=${encodeURIComponent(`https://${PLANTED}.example/`)}`,
  ])
    answers.push(await send("POST", "/preferences/currency", [...form, ...visitor], body));
  answers.push(await send("POST", "/consent", [...form, ...visitor], `choice=${PLANTED}&returnTo=/${PLANTED}`));
  answers.push(await send("POST", "/consent", [...form, ...visitor, ["Sec-Fetch-Site", PLANTED]], "choice=accept_all"));
  answers.push(await send("POST", "/consent", [...form, ...visitor, ["Origin", `http://${PLANTED}.example`]], "choice=accept_all"));
  answers.push(await send("POST", "/preferences/currency", [["Content-Type", `multipart/form-data; boundary=${PLANTED}`], ...visitor], `--${PLANTED}--`));
  for (const response of answers) expect(response.status, "answered, never a 5xx").toBeLessThan(500);

  const lines = await server.logsSince(from, 300);
  expect(lines.length).toBeGreaterThanOrEqual(answers.length);
  expect(
    lines.filter((line) => parseLogLine(line) === null),
    "lines that are not one JSON object",
  ).toEqual([]);
  expect(lines.filter((line) => line.includes(PLANTED))).toEqual([]);
});

test("a query parameter's name, a client's request id and a Host as sent never reach a line; two Host lines are one 400 and one line", async () => {
  const from = server.logs.length;
  const raw = (headers: Array<[string, string]>, target = `/?uid=${PARIS}&lang=en`) =>
    rawRequest(server.port, requestBytes("GET", target, [...headers, ["Connection", "close"]]));
  const name = `${PLANTED}-alice.smith%40mail.example`;
  const byName = await raw([["Host", "localhost"]], `/?uid=${PARIS}&lang=en&${name}=&tok=1`);
  expect(byName.status).toBe(200);
  const byId = await raw([
    ["Host", "localhost"],
    ["X-Request-Id", `${PLANTED}.bob.jones@mail.example`],
  ]);
  expect(header(byId, "x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  const withUserinfo = await raw([["Host", `localhost:${server.port}@${PLANTED}.example`]]);
  expect(withUserinfo.status).toBe(400);
  const twoHosts = await raw([
    ["Host", "localhost"],
    ["Host", `www.${PLANTED}.example`],
  ]);
  expect(twoHosts.status).toBe(400);

  const lines = (await server.logsSince(from, 300)).map((line) => ({ line, parsed: parseLogLine(line) }));
  expect(lines.filter(({ line }) => line.includes(PLANTED) || line.includes("alice") || line.includes("bob.jones"))).toEqual([]);
  const access = lines.flatMap(({ parsed }) => (parsed?.requestId ? [parsed] : []));
  expect(access).toHaveLength(4);
  expect(access[0]).toMatchObject({ host: "localhost", path: "/?uid=&lang=&+2", status: 200 });
  expect(access[2]).toMatchObject({ host: null, status: 400 });
  expect(access[3]).toMatchObject({ host: null, status: 400, msg: "400 GET /: Host header is sent more than once" });
});

import type { NotFoundData } from "~/page/page-data";
import { styled } from "../../../tokens/stitches.config";
import { useT } from "../page-providers";

const Wrap = styled("div", {
  contentColumn: true,
  py: "$64",
  display: "grid",
  gap: "$16",
  h1: { fontSize: "$40" },
  code: { fontSize: "$14" },
});

export function NotFound({ data }: { data: NotFoundData }) {
  const t = useT();
  const home = data.shell?.header.logo.href ?? "/";
  return (
    <Wrap>
      <h1>{t("pageNotFound")}</h1>
      <p>{data.kind === "bad-request" ? t("badRequest") : t("pageNotFoundText")}</p>
      <p>
        <a href={home}>{t("goHome")}</a>
      </p>
      {data.contentErrors.length ? (
        <section aria-label="Content errors">
          <p>This page exists in content/ but its document is invalid:</p>
          <ul>
            {data.contentErrors.map((e) => (
              <li key={e.file}>
                <code>{e.file}</code>: {e.issues.join("; ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Wrap>
  );
}

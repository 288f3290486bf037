import type { DirectoryData } from "~/page/page-data";
import { styled } from "../../../tokens/stitches.config";

// Development URL mode's `/`: every site and page with links, so a newcomer sees all content at once.

const Wrap = styled("main", {
  contentColumn: true,
  py: "$48",
  display: "grid",
  gap: "$40",
  h1: { fontSize: "$40" },
  h2: { fontSize: "$28", marginBottom: "$8" },
  table: { width: "100%", borderCollapse: "collapse" },
  "th, td": { textAlign: "left", padding: "$8", borderBottom: "1px solid $divider", verticalAlign: "top" },
  "td a": { marginRight: "$8" },
  code: { fontSize: "$14", color: "$textSubtle" },
});

const ErrorBox = styled("section", {
  padding: "$16 $20",
  borderRadius: "$12",
  backgroundColor: "$surfaceError",
  border: "1px solid $borderError",
  color: "$textError",
  "ul ul": { color: "$text" },
});

export function SiteDirectory({ data }: { data: DirectoryData }) {
  return (
    <Wrap id="main">
      <header>
        <h1>Site directory</h1>
        <p>
          Every site and page in the embedded content. Links use the development URL form (<code>/?uid=…&amp;lang=…</code>).
        </p>
        <p>
          For analysts: <a href="/tracking">event catalogue</a>. For developers: <a href="/machines">state machines</a>.
        </p>
      </header>
      {data.contentErrors.length ? (
        <ErrorBox aria-labelledby="content-errors">
          <h2 id="content-errors">Content errors</h2>
          <ul>
            {data.contentErrors.map((error) => (
              <li key={error.file}>
                <code>{error.file}</code>
                <ul>
                  {error.issues.map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </ErrorBox>
      ) : null}
      {data.sites.map((site) => (
        <section key={site.host} aria-labelledby={`site-${site.host}`}>
          <h2 id={`site-${site.host}`}>{site.name}</h2>
          <p>
            <code>{site.host}</code> · {site.brand === "theatre-retailer" ? "official theatre retailer (LTT)" : "city experiences"}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Type</th>
                <th scope="col">Languages</th>
              </tr>
            </thead>
            <tbody>
              {site.pages.map((page) => (
                <tr key={page.uid}>
                  <td>
                    {page.title}
                    <br />
                    <code>{page.uid}</code>
                  </td>
                  <td>{page.pageType}</td>
                  <td>
                    {page.links.map((link) => (
                      <a key={link.lang} href={link.href} hrefLang={link.lang} aria-label={`${page.title} (${link.lang})`}>
                        {link.lang}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </Wrap>
  );
}

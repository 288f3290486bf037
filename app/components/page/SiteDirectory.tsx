import { DIRECTORY_PATH, type DirectoryData } from "~/page/page-data";
import { styled } from "../../../tokens/stitches.config";

// The site directory (development URL mode, routes/[_directory].tsx): the sites, searchable by host, 50 a page; `/?site=<host>` lists one site's
// pages with a link per language. Pagination is a nav landmark with the current page marked.

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
  "form[role=search]": { display: "flex", flexWrap: "wrap", gap: "$8", alignItems: "end" },
  "label span": { display: "block", marginBottom: "$4" },
  input: { padding: "$8", border: "1px solid $divider", borderRadius: "$8", minWidth: "18rem" },
  button: { padding: "$8 $16", borderRadius: "$8", border: "1px solid $divider", backgroundColor: "transparent", cursor: "pointer" },
});

const Pager = styled("nav", {
  ul: { display: "flex", flexWrap: "wrap", gap: "$8", listStyle: "none", padding: 0, margin: 0 },
  a: { display: "inline-block", minWidth: "2.75rem", padding: "$8", textAlign: "center" },
  "a[aria-current=page]": { fontWeight: 700, textDecoration: "none", border: "1px solid currentColor", borderRadius: "$8" },
});

const ErrorBox = styled("section", {
  padding: "$16 $20",
  borderRadius: "$12",
  backgroundColor: "$surfaceError",
  border: "1px solid $borderError",
  color: "$textError",
  "ul ul": { color: "$text" },
});

function Pagination({ data, label }: { data: DirectoryData; label: string }) {
  if (data.pageCount <= 1) return null;
  const { previous, next, links } = data.pagination;
  return (
    <Pager aria-label={label}>
      <ul>
        {previous ? (
          <li>
            <a href={previous} rel="prev">
              Previous
            </a>
          </li>
        ) : null}
        {links.map((link, i) => (
          <li key={link.page}>
            {i > 0 && link.page > links[i - 1]!.page + 1 ? <span aria-hidden="true">… </span> : null}
            <a href={link.href} aria-current={link.current ? "page" : undefined} aria-label={`Page ${link.page}`}>
              {link.page}
            </a>
          </li>
        ))}
        {next ? (
          <li>
            <a href={next} rel="next">
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </Pager>
  );
}

const brandName = (brand: DirectoryData["sites"][number]["brand"]) =>
  brand === "theatre-retailer" ? "official theatre retailer (LTT)" : brand === "city-experiences" ? "city experiences" : "site file invalid";

function SiteList({ data }: { data: DirectoryData }) {
  const plural = data.total === 1 ? "site" : "sites";
  return (
    <section aria-labelledby="sites-heading">
      <h2 id="sites-heading">Sites</h2>
      <form role="search" method="get" action={DIRECTORY_PATH}>
        <label>
          <span>Search sites by host</span>
          <input type="search" name="q" defaultValue={data.query} maxLength={100} autoComplete="off" />
        </label>
        <button type="submit">Search</button>
      </form>
      <p>
        {data.query ? (
          <>
            {data.total} {plural} whose host contains <code>{data.query}</code> · <a href={DIRECTORY_PATH}>show all sites</a>
          </>
        ) : (
          <>
            {data.total} {plural}
          </>
        )}
        {data.pageCount > 1 ? ` · page ${data.page} of ${data.pageCount}` : ""}
      </p>
      {data.sites.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Kind</th>
              <th scope="col">Home page</th>
            </tr>
          </thead>
          <tbody>
            {data.sites.map((site) => (
              <tr key={site.host}>
                <td>
                  <a href={site.href}>{site.name}</a>
                  <br />
                  <code>{site.host}</code>
                </td>
                <td>{brandName(site.brand)}</td>
                <td>
                  <a href={site.homeHref} aria-label={`${site.name} home page`}>
                    home
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No site matches.</p>
      )}
      <Pagination data={data} label="Pages of sites" />
    </section>
  );
}

function PageList({ data }: { data: DirectoryData }) {
  const site = data.site!;
  return (
    <section aria-labelledby="site-heading">
      <p>
        <a href={DIRECTORY_PATH}>All sites</a>
      </p>
      <h2 id="site-heading">{site.name}</h2>
      <p>
        <code>{site.host}</code> · {brandName(site.brand)} · {data.total} {data.total === 1 ? "page" : "pages"}
        {data.pageCount > 1 ? ` · page ${data.page} of ${data.pageCount}` : ""}
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
          {data.pages.map((page) => (
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
      <Pagination data={data} label={`Pages of ${site.name}`} />
    </section>
  );
}

export function SiteDirectory({ data }: { data: DirectoryData }) {
  return (
    <Wrap id="main">
      <header>
        <h1>Site directory</h1>
        <p>
          The sites in the content folder and, for each, its pages. Links use the development URL form (<code>/?uid=…&amp;lang=…</code>).
        </p>
        <p>
          For analysts: <a href="/tracking">event catalogue</a>. For developers: <a href="/machines">state machines</a>.
        </p>
      </header>
      {data.contentErrors.length ? (
        <ErrorBox aria-labelledby="content-errors">
          <h2 id="content-errors">Content errors</h2>
          <p>
            Files seen with errors so far; <code>npm run content:check</code> checks every file.
          </p>
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
      {data.view === "pages" ? <PageList data={data} /> : <SiteList data={data} />}
    </Wrap>
  );
}

import path from "node:path";
import { listSiteFolders, readSiteFile, readSiteHost, relativeFile, siteRoots, statStamp } from "./content-files.server";
import type { ContentError, Site } from "./page-document";
import { RevalidatedFileCache } from "./revalidated-file-cache.server";

// The content store's host index (decision 014): host → site folder, and back, built from the site.json
// files only, so start-up reads nothing else and a lookup never scans every site. Each site itself is kept
// in a revalidated cache while in use: an edited site.json is served once its freshness runs out, one
// that turns invalid keeps its last good version, and one that names another host is indexed again under it.

export interface SiteIndexOptions {
  freshMs: number;
  now: () => number;
  /** Sites kept parsed at most (the index itself keeps every host). */
  maxEntries: number;
  /** Called once for each new problem: a bad site.json, a host used twice, an unreadable entry. */
  report: (error: ContentError) => void;
}

export interface SiteIndex {
  /** Every indexed host: a new Set whenever a site comes or goes, never changed afterwards. */
  hosts(): ReadonlySet<string>;
  /** The indexed hosts, sorted (kept until the index changes). */
  sortedHosts(): readonly string[];
  readonly size: number;
  /** The folder (under the content root) of an indexed host. */
  folderOf(host: string): string | undefined;
  /** The site for an indexed host, its site.json revalidated once its freshness ran out. */
  site(host: string): Site | undefined;
  /** Unreadable entries beside the site folders, then bad site files. */
  errors(): ContentError[];
  /** Rescans the root when its folder changed and revalidates the kept sites; true when the index or a site changed. */
  revalidate(): boolean;
  /** Sites kept parsed. */
  readonly cachedSites: number;
}

interface SiteValue {
  site: Site | undefined;
  /** The folder's site.json now names another host: the folder is indexed again under it. */
  moved: boolean;
}

interface SiteProbe {
  stamp: string;
  dirName: string | undefined;
}

/** A Host header's host as the index keys it: lower case, without a port. */
export const normalHost = (host: string) => host.toLowerCase().replace(/:\d+$/, "");

export function openSiteIndex(root: string, { freshMs, now, maxEntries, report }: SiteIndexOptions): SiteIndex {
  const hostToDir = new Map<string, string>();
  const dirToHost = new Map<string, string>();
  const hosts = new Set<string>();
  // What hosts() and sortedHosts() give out: made once per change of the index.
  let hostSet: ReadonlySet<string> | null = null;
  let sorted: string[] | null = null;
  const siteErrors = new Map<string, ContentError>();
  // Entries beside the site folders that cannot be read (a dangling symlink), by file.
  let folderErrors = new Map<string, ContentError>();
  const sites = new RevalidatedFileCache<SiteValue, SiteProbe>({ freshMs, now, maxEntries, probe: probeSite, read: readSite });
  let rootStamp = statStamp(root);

  /** Reads one site folder's site.json into the host index; the site itself is kept only while in use. */
  function indexSite(dirName: string): void {
    const file = path.join(root, dirName, "site.json");
    const read = readSiteHost(file, siteRoots(root, path.join(root, dirName)));
    unindexSite(dirName);
    const issues = read.ok ? (hostToDir.has(read.value) ? [`host: ${read.value} is already used by another site`] : []) : read.issues;
    if (!read.ok || issues.length) {
      const error = { file: relativeFile(root, file), issues };
      siteErrors.set(dirName, error);
      report(error);
      return;
    }
    const host = read.value;
    hostToDir.set(host, dirName);
    dirToHost.set(dirName, host);
    hosts.add(host);
    sorted = hostSet = null;
  }

  function unindexSite(dirName: string): void {
    const host = dirToHost.get(dirName);
    siteErrors.delete(dirName);
    if (!host) return;
    dirToHost.delete(dirName);
    hostToDir.delete(host);
    hosts.delete(host);
    sites.delete(host);
    sorted = hostSet = null;
  }

  function scanRoot(): void {
    const scanErrors: ContentError[] = [];
    const names = listSiteFolders(root, scanErrors);
    const next = new Map(scanErrors.map((error) => [error.file, error]));
    for (const [file, error] of next) if (!folderErrors.has(file)) report(error);
    folderErrors = next;
    const present = new Set(names);
    for (const dirName of [...dirToHost.keys(), ...siteErrors.keys()]) if (!present.has(dirName)) unindexSite(dirName);
    for (const name of names) if (!dirToHost.has(name) && !siteErrors.has(name)) indexSite(name);
  }

  function probeSite(host: string): SiteProbe {
    const dirName = hostToDir.get(host);
    return { dirName, stamp: dirName ? statStamp(path.join(root, dirName, "site.json")) : "unindexed" };
  }

  function readSite(host: string, { dirName }: SiteProbe, previous: SiteValue | undefined): SiteValue {
    if (!dirName) return { site: undefined, moved: false };
    const file = path.join(root, dirName, "site.json");
    const read = readSiteFile(file, siteRoots(root, path.join(root, dirName)));
    if (read.ok && read.value.host !== host) return { site: undefined, moved: true };
    if (read.ok) {
      siteErrors.delete(dirName);
      return { site: read.value, moved: false };
    }
    const error = { file: relativeFile(root, file), issues: read.issues };
    if (siteErrors.get(dirName)?.issues.join() !== error.issues.join()) report(error);
    siteErrors.set(dirName, error);
    // Stale if invalid: a site.json that turns bad keeps its last good version.
    return previous ?? { site: undefined, moved: false };
  }

  function site(host: string): Site | undefined {
    const dirName = hostToDir.get(host);
    if (!dirName) return undefined;
    const entry = sites.get(host);
    if (!entry.moved) return entry.site;
    // The site moved to another host: re-index its folder; this host is no longer served.
    indexSite(dirName);
    return undefined;
  }

  function revalidate(): boolean {
    let changed = false;
    const stamp = statStamp(root);
    if (stamp !== rootStamp) {
      rootStamp = stamp;
      const before = [...hosts].join();
      scanRoot();
      if ([...hosts].join() !== before) changed = true;
    }
    // A site whose folder now names another host is re-indexed under it.
    for (const host of sites.revalidate()) {
      site(host);
      changed = true;
    }
    return changed;
  }

  scanRoot();

  return {
    hosts: () => (hostSet ??= new Set(hosts)),
    sortedHosts: () => (sorted ??= [...hosts].sort()),
    get size() {
      return hosts.size;
    },
    folderOf: (host) => hostToDir.get(host),
    site,
    errors: () => [...folderErrors.values(), ...siteErrors.values()],
    revalidate,
    get cachedSites() {
      return sites.size;
    },
  };
}

import { LRUCache } from "lru-cache";
import { stitchesSheet, theme, type StitchesRuleGroup } from "../../tokens/stitches.config";

// A page's Stitches CSS from rules converted once per process (decision 029). Stitches keeps one sheet
// per process and converts a class name's style only the first time it sees the name; on the server
// each group's `cache` and `apply` are replaced by versions that keep every name's rules in a bounded
// memo and record which names the current render uses, so a page's stylesheet holds exactly the rules
// it uses, whatever this process rendered before, without converting them again.

/** Stitches' groups in the order of its sheet; the browser adopts them back by this index on hydration. */
const GROUPS = ["themed", "global", "styled", "onevar", "resonevar", "allvar", "inline"] as const;

/** Names kept per group: the pages' own classes are a few thousand; inline `css` props can carry content values. */
const NAMES_PER_GROUP = 5_000;

/** The rules Stitches made for one class name (or global style or theme), in the order it made them. */
interface Rules {
  readonly name: string;
  readonly cssTexts: string[];
}

interface Recording {
  /** Per group, the names this render used, in the order of first use, and their rules. */
  readonly used: Map<string, Rules>[];
  /** Per group, the names this render converted, in order (the owners an `apply` can belong to). */
  readonly added: Rules[][];
}

const memo = GROUPS.map(() => new LRUCache<string, Rules>({ max: NAMES_PER_GROUP }));
/** Per group, the name Stitches converted last, in a render or not (a theme, a module's keyframes). */
const lastAdded: (Rules | undefined)[] = GROUPS.map(() => undefined);
let recording: Recording | null = null;
let installed = false;

const isNameCode = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45 || code === 95;

/** Whether `cssText` selects `.name` (and not a longer name that starts with it). */
function selects(cssText: string, name: string): boolean {
  const selector = `.${name}`;
  for (let at = cssText.indexOf(selector); at !== -1; at = cssText.indexOf(selector, at + 1)) {
    if (!isNameCode(cssText.charCodeAt(at + selector.length))) return true;
  }
  return false;
}

/**
 * The name a rule belongs to. Stitches applies a name's rules right after converting it, except for a
 * styled() React component, whose rules wait until its children have rendered: then the owner is the
 * latest converted name the rule selects. Theme and global rules never wait (and name no class).
 */
function ownerOf(group: number, cssText: string): Rules | undefined {
  const last = lastAdded[group];
  if (group <= 1 || !last || selects(cssText, last.name) || !recording) return last;
  const added = recording.added[group]!;
  for (let i = added.length - 1; i >= 0; i--) if (selects(cssText, added[i]!.name)) return added[i];
  return last;
}

function recordingGroup(group: number): StitchesRuleGroup {
  return {
    cache: {
      has(name) {
        const used = recording?.used[group];
        if (used?.has(name)) return true;
        const rules = memo[group]!.get(name);
        if (!rules) return false;
        used?.set(name, rules);
        return true;
      },
      add(name) {
        const rules: Rules = { name, cssTexts: [] };
        memo[group]!.set(name, rules);
        lastAdded[group] = rules;
        if (recording) {
          // Kept by reference: the memo may drop the name later in this render, the page keeps its rules.
          if (!recording.used[group]!.has(name)) recording.used[group]!.set(name, rules);
          recording.added[group]!.push(rules);
        }
      },
    },
    apply(cssText) {
      ownerOf(group, cssText)?.cssTexts.push(cssText);
    },
  };
}

function install(): void {
  GROUPS.forEach((name, group) => {
    const target = stitchesSheet().rules[name]!;
    const recorder = recordingGroup(group);
    target.cache = recorder.cache;
    target.apply = recorder.apply;
  });
  installed = true;
}

/** Stylesheets by the names they hold, in order: pages of one type use the same rules, in the same order. */
const sheets = new LRUCache<string, string>({ max: 64 });

/**
 * Stitches' own text for the groups: `--sxs{--sxs:<group> <names…>}@media{<rules>}`, every group, empty ones too.
 * A name's rules are the same text whenever it is converted, so the same names in the same order make the
 * same sheet: it is joined once and then looked up by its names, not joined again for every page (decision 029).
 */
function stylesheetText({ used }: Recording): string {
  const names = used.map((rules) => {
    let text = "";
    for (const entry of rules.values()) text += ` ${entry.name}`;
    return text;
  });
  const key = names.join("|");
  const known = sheets.get(key);
  if (known !== undefined) return known;
  let out = "";
  used.forEach((rules, group) => {
    let css = "";
    for (const entry of rules.values()) for (const cssText of entry.cssTexts) css += cssText;
    // A group without rules is sent empty, names and all, as Stitches does: the browser adds nothing to it.
    // Every group is sent, so the browser inserts no group of its own, which restyled the whole document.
    out += css ? `--sxs{--sxs:${group}${names[group]}}@media{${css}}` : `--sxs{--sxs:${group}}@media{}`;
  });
  sheets.set(key, out);
  return out;
}

/**
 * Starts recording the Stitches rules of one page; `end()` gives its stylesheet, the same text whatever
 * this process rendered before. Renders in between must be synchronous (renderToString): one page at a
 * time. A render that throws leaves its recording unfinished; the next `beginStylesheet()` replaces it.
 */
export function beginStylesheet(): { end: () => string } {
  if (!installed) install();
  const current: Recording = { used: GROUPS.map(() => new Map()), added: GROUPS.map(() => []) };
  recording = current;
  // The theme's variables, which Stitches' own reset() re-adds before every page.
  theme.toString();
  return {
    end() {
      if (recording === current) recording = null;
      return stylesheetText(current);
    },
  };
}

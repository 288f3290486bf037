import { styled } from "../../tokens/stitches.config";

// The /machines page's styles (MachinesInspector.tsx): the page's grid, a machine's card, the coverage
// legend, the event log beside the charts and the requirements below them.

export const Page = styled("main", {
  contentColumn: true,
  py: "$32",
  display: "grid",
  gap: "$24",
  gridTemplateColumns: "minmax(0, 1fr) 300px",
  "@mobile": { gridTemplateColumns: "1fr" },
  h1: { fontSize: "$32", gridColumn: "1 / -1", margin: 0 },
});

export const Card = styled("section", {
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$16",
  marginBottom: "$16",
  h2: { fontSize: "$20", margin: "0 0 $4" },
  "> p": { color: "$textSubtle", margin: "0 0 $8", fontSize: "$14" },
  ".tools": { display: "flex", flexWrap: "wrap", gap: "$12", alignItems: "center", fontSize: "$14", marginBottom: "$8" },
  ".scroller": { overflowX: "auto", maxWidth: "100%" },
  button: { font: "inherit", fontSize: "$14" },
});

export const Legend = styled("div", {
  gridColumn: "1 / -1",
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$12 $16",
  fontSize: "$14",
  ul: { listStyle: "none", margin: "$8 0 0", padding: 0, display: "flex", flexWrap: "wrap", gap: "$16" },
  "li svg": { verticalAlign: "middle", marginRight: "$6" },
  ".problem": { color: "$red" },
});

export const Log = styled("aside", {
  position: "sticky",
  top: "$16",
  alignSelf: "start",
  maxHeight: "calc(100vh - 32px)",
  overflowY: "auto",
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$12",
  fontFamily: "monospace",
  fontSize: "$12",
  ol: { listStyle: "none", margin: 0, padding: 0 },
  li: { borderBottom: "1px solid $divider" },
  "li > button, li > span": {
    display: "block",
    width: "100%",
    textAlign: "left",
    padding: "$4",
    font: "inherit",
    background: "none",
    border: 0,
    color: "inherit",
  },
  "li > button": { cursor: "pointer" },
  "li > button:hover, li > button:focus-visible, li > button[aria-pressed='true']": { backgroundColor: "$purpleLight" },
  "li > button:focus-visible": { outline: "2px solid $purple", outlineOffset: "-2px" },
  ".line": { display: "block" },
});

export const Requirements = styled("section", {
  gridColumn: "1 / -1",
  borderTop: "1px solid $divider",
  paddingTop: "$16",
  fontSize: "$14",
  h2: { fontSize: "$20", margin: "0 0 $8" },
  h3: { fontSize: "$16", margin: "$16 0 $4" },
  "section:target h3": { color: "$purple" },
});

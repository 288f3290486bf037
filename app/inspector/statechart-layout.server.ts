import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api";
import type { AnyStateMachine } from "xstate";
import { machineStates, machineTransitions, type MachineStateNode } from "../../machines/machine-graph";
import {
  CHAR_WIDTH,
  eventLabel,
  internalLine,
  labelLines,
  LINE_HEIGHT,
  MARK_COLUMNS,
  type Chart,
  type ChartState,
  type ChartTransition,
  type InitialMarker,
} from "./chart-model";

// Lays out each machine's statechart with elkjs (layered, with hierarchy: compound and parallel
// states are laid out with their children in one pass) on the development server, when /machines is
// first requested; the page receives coordinates, never the layout engine
// (docs/decisions/018-statecharts-laid-out-on-the-server.md).

const PADDING = 14;
const HEADER = 26;
const LEAF_HEIGHT = 36;
const MARKER = 10;

const textWidth = (lines: string[]) => Math.ceil(Math.max(0, ...lines.map((l) => l.length)) * CHAR_WIDTH);

interface Built {
  elk: ElkNode;
  states: Map<string, Omit<ChartState, "x" | "y" | "width" | "height">>;
  transitions: ChartTransition[];
  markers: Array<{ id: string; parent: string; edgeId: string }>;
}

function build(machine: AnyStateMachine): Built {
  const root = machineStates(machine);
  const transitions: ChartTransition[] = machineTransitions(machine).map((t) => ({
    id: t.key,
    source: t.source,
    targets: t.targets,
    event: eventLabel(t),
    guard: t.guard,
    emits: t.emits,
    kind: t.targets.length === 0 ? "internal" : t.targets.every((target) => target === t.source) ? "self" : "arrow",
    paths: [],
    label: null,
  }));
  const states: Built["states"] = new Map();
  const markers: Built["markers"] = [];
  const edges: ElkExtendedEdge[] = [];

  const visit = (node: MachineStateNode, depth: number, parent: MachineStateNode | null): ElkNode => {
    const internal = transitions.filter((t) => t.kind === "internal" && t.source === node.id);
    const isRegion = parent?.type === "parallel";
    states.set(node.id, {
      id: node.id,
      key: node.key,
      parent: parent?.id ?? null,
      type: node.type as ChartState["type"],
      isRegion,
      depth,
      internal: internal.map((t) => t.id),
    });
    const title = `${node.key}${node.type === "parallel" ? " ∥" : node.type === "history" ? " (H)" : ""}`;
    // Listed transitions get "↺ " in front, and their marks (coverage, path test, replay) before it.
    const lines = [title, ...internal.map((t) => `${" ".repeat(MARK_COLUMNS)}↺ ${internalLine(t)}`)];
    const minWidth = textWidth(lines) + 2 * PADDING;
    const children = node.children.map((child) => visit(child, depth + 1, node));
    // Regions of a parallel state are stacked (UML's horizontal dashed separators), not packed side by
    // side: unseen edges put each region in the layer after the previous one, so the chart stays narrow.
    if (node.type === "parallel")
      node.children.slice(1).forEach((child, i) => edges.push({ id: `${child.id}::after`, sources: [node.children[i]!.id], targets: [child.id] }));
    if (node.initial && node.type !== "parallel") {
      const initialChild = node.children.find((child) => child.key === node.initial);
      if (initialChild) {
        const id = `${node.id}::initial`;
        children.unshift({ id, width: MARKER, height: MARKER });
        const edgeId = `${id}->`;
        edges.push({ id: edgeId, sources: [id], targets: [initialChild.id] });
        markers.push({ id, parent: node.id, edgeId });
      }
    }
    const headerHeight = HEADER + internal.length * LINE_HEIGHT;
    if (children.length === 0) return { id: node.id, width: minWidth, height: Math.max(LEAF_HEIGHT, headerHeight + 8) };
    return {
      id: node.id,
      children,
      layoutOptions: {
        "elk.padding": `[top=${headerHeight + 6},left=${PADDING},bottom=${PADDING},right=${PADDING}]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${minWidth}, ${headerHeight + 20})`,
      },
    };
  };
  const top = visit(root, 0, null);

  for (const t of transitions) {
    if (t.kind === "internal") continue;
    const lines = labelLines(t);
    t.targets.forEach((target, i) => {
      edges.push({
        id: `${t.id}#${i}`,
        sources: [t.source],
        targets: [target],
        labels:
          i === 0
            ? [
                {
                  id: `${t.id}#label`,
                  text: lines.join("\n"),
                  // Room for the marks the page may put before the first line.
                  width: textWidth([`${" ".repeat(MARK_COLUMNS)}${lines[0]}`, ...lines.slice(1)]) + 8,
                  height: lines.length * LINE_HEIGHT + 4,
                },
              ]
            : [],
      });
    });
  }

  const elk: ElkNode = {
    id: "__chart",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.direction": "DOWN",
      "elk.edgeRouting": "ORTHOGONAL",
      "elk.edgeLabels.placement": "CENTER",
      "elk.layered.spacing.nodeNodeBetweenLayers": "36",
      "elk.spacing.nodeNode": "28",
      "elk.spacing.edgeLabel": "4",
      "elk.spacing.edgeNode": "16",
      "elk.padding": "[top=8,left=8,bottom=8,right=8]",
      // Every coordinate in the answer is relative to the chart, not to the containing state.
      "elk.json.shapeCoords": "ROOT",
      "elk.json.edgeCoords": "ROOT",
    },
    children: [top],
    edges,
  };
  return { elk, states, transitions, markers };
}

function pathOf(edge: ElkExtendedEdge): string {
  return (edge.sections ?? [])
    .map((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "))
    .join(" ");
}

function selfLoop({ x, y, height }: ChartState): string {
  const top = y + height * 0.3;
  const bottom = y + height * 0.75;
  return `M${x},${top.toFixed(1)} C${x - 26},${(top - 10).toFixed(1)} ${x - 26},${(bottom + 10).toFixed(1)} ${x},${bottom.toFixed(1)}`;
}

type Layout = (graph: ElkNode) => Promise<ElkNode>;

/** Wider than this, a chart is also laid out left to right, and the narrower of the two is kept. */
const COLUMN_WIDTH = 770;

export async function layoutChart(machine: AnyStateMachine, layout: Layout): Promise<Chart> {
  const { elk, states, transitions, markers } = build(machine);
  let laidOut = await layout(structuredClone(elk));
  // Top to bottom reads best, but parallel arrows between the same states put their labels side by
  // side; a machine with many of them (the consent banner) is narrower with its layers left to right.
  if ((laidOut.width ?? 0) > COLUMN_WIDTH) {
    const across = await layout({ ...structuredClone(elk), layoutOptions: { ...elk.layoutOptions, "elk.direction": "RIGHT" } });
    if ((across.width ?? Infinity) < (laidOut.width ?? 0)) laidOut = across;
  }
  const shapes = new Map<string, ElkNode>();
  const collect = (node: ElkNode) => {
    shapes.set(node.id, node);
    node.children?.forEach(collect);
  };
  collect(laidOut);
  const edges = new Map((laidOut.edges ?? []).map((e) => [e.id, e as ElkExtendedEdge]));

  const placed: ChartState[] = [...states.values()].map((s) => {
    const shape = shapes.get(s.id);
    const parent = s.isRegion && s.parent ? shapes.get(s.parent) : undefined;
    // A region spans its parallel state's full width, so the dashed lines read as separators.
    if (parent && shape) return { ...s, x: (parent.x ?? 0) + PADDING / 2, y: shape.y ?? 0, width: (parent.width ?? 0) - PADDING, height: shape.height ?? 0 };
    return { ...s, x: shape?.x ?? 0, y: shape?.y ?? 0, width: shape?.width ?? 0, height: shape?.height ?? 0 };
  });
  const byId = new Map(placed.map((s) => [s.id, s]));
  for (const t of transitions) {
    if (t.kind === "internal") continue;
    const own = byId.get(t.source);
    // ELK leaves room for a self-transition's label beside its state but routes the loop very tight;
    // it is drawn as a curve out of the state's left side instead, where that label sits.
    t.paths = t.targets.map((_, i) => {
      if (t.kind === "self" && own) return selfLoop(own);
      const edge = edges.get(`${t.id}#${i}`);
      return edge ? pathOf(edge) : "";
    });
    const label = edges.get(`${t.id}#0`)?.labels?.[0];
    t.label = label ? { x: (label.x ?? 0) + 4, y: (label.y ?? 0) + LINE_HEIGHT - 2 } : null;
  }
  const initialMarkers: InitialMarker[] = markers.map(({ id, parent, edgeId }) => {
    const shape = shapes.get(id);
    const edge = edges.get(edgeId);
    return { parent, cx: (shape?.x ?? 0) + MARKER / 2, cy: (shape?.y ?? 0) + MARKER / 2, path: edge ? pathOf(edge) : "" };
  });
  return { machineId: machine.id, width: Math.ceil(laidOut.width ?? 0), height: Math.ceil(laidOut.height ?? 0), states: placed, transitions, initialMarkers };
}

let elkLayout: Promise<Layout> | null = null;

/** elkjs loads on the first /machines request in development, never with the production server's start. */
export function loadElk(): Promise<Layout> {
  elkLayout ??= import("elkjs/lib/elk.bundled.js").then((module) => {
    const ELK = (module as unknown as { default: typeof import("elkjs/lib/elk.bundled.js").default }).default;
    const elk = new ELK();
    return (graph: ElkNode) => elk.layout(graph);
  });
  return elkLayout;
}

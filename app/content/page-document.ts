import * as z from "zod";
import { PAGE_TYPES } from "../../tracking/page-context"; // tracking's vocabulary: every event's page context carries one
import { measureRichText } from "./inline-blocks";

// The shape of the documents in content/. Sites hold the default header and footer;
// a page document may override either. Validated with zod when loaded; issues name file and field.

/**
 * Bounds on one page document, so no page can hold the server's event loop for long.
 * Each is many times what the largest document in content/ uses; a test keeps it that way.
 */
export const PAGE_LIMITS = {
  /** Checked on disk before the file is parsed (content-store.server.ts). */
  fileBytes: 512 * 1024,
  blocks: 100,
  textPerBlock: 10_000,
  textPerDocument: 100_000,
  /** Paragraphs, headings and list items: each is a node to render and to send for hydration. */
  textElementsPerDocument: 1_000,
  inlineBlocksPerBlock: 100,
  inlineBlocksPerDocument: 300,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
/** Local asset path (served from public/) or an http(s) URL. Never javascript:, data: and the like. */
const assetUrl = z
  .string()
  .max(2048)
  .refine((value) => value.startsWith("/") || /^https?:\/\//i.test(value), {
    message: "must be a site path starting with / or an http(s) URL",
  });
const uid = z.string().regex(/^[a-z0-9.-]+$/, "must be a uid: lowercase letters, digits, dots and dashes");

/** docs/requirements.md#3-data Action link: type (reference or custom), newTab, url, reference.value.uid, label, appearance. */
const ActionLinkSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("reference"),
    label: text(80),
    reference: z.object({ value: z.object({ uid }) }),
    newTab: z.boolean().default(false),
    appearance: z.enum(["link", "primary", "secondary"]).default("link"),
  }),
  z.object({
    type: z.literal("custom"),
    label: text(80),
    url: z.string().max(2048),
    newTab: z.boolean().default(false),
    appearance: z.enum(["link", "primary", "secondary"]).default("link"),
  }),
]);
export type ActionLink = z.infer<typeof ActionLinkSchema>;

const MenuItemSchema = z.object({
  label: text(60),
  link: ActionLinkSchema,
  children: z
    .array(z.object({ label: text(60), link: ActionLinkSchema }))
    .max(20)
    .default([]),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** docs/requirements.md#3-data Header config. currencyData and alternateLanguages are derived at load time, not authored. */
const HeaderConfigSchema = z.object({
  logoUrl: assetUrl,
  /** An animated logo (e.g. GIF); docs/requirements.md#8-failures: on failure the static logo shows instead. */
  animatedLogoUrl: assetUrl.optional(),
  logoAltText: text(120),
  logoWidth: z.number().int().min(16).max(400).default(160),
  logoHeight: z.number().int().min(16).max(120).default(40),
  hasPoweredLogo: z.boolean().default(false),
  /** Where the logo links: a uid (same site) or a URL; defaults to the site root. */
  logoRedirectionURL: z.string().max(2048).optional(),
  hasAutomatedHeader: z.boolean().default(false),
  automatedHeaderMenu: z.array(MenuItemSchema).max(12).default([]),
  manualHeader: z
    .object({
      showTicketOption: z.boolean().default(true),
      /** The ticket page's uid; the Tickets link goes to the site root when absent. */
      showTicketOptionUrl: z.string().max(2048).optional(),
      showDropdownMenu: z.boolean().default(false),
      dropdownMenuItems: z.array(MenuItemSchema).max(12).default([]),
      menuItems: z.array(MenuItemSchema).max(12).default([]),
    })
    .default({ showTicketOption: true, showDropdownMenu: false, dropdownMenuItems: [], menuItems: [] }),
});
export type HeaderConfig = z.infer<typeof HeaderConfigSchema>;

const FooterConfigSchema = z.object({
  tagline: text(200).optional(),
  /** docs/requirements.md#2-pages-and-the-shell: Call us (side modal on desktop, drawer on mobile). */
  callUs: z
    .object({
      title: text(80),
      intro: text(400).optional(),
      phoneNumbers: z
        .array(z.object({ label: text(60), number: z.string().regex(/^\+?[0-9 ()-]{6,24}$/, "must be a phone number") }))
        .min(1)
        .max(6),
      hours: text(200).optional(),
      email: z.email().optional(),
    })
    .optional(),
  /** docs/requirements.md#2-pages-and-the-shell: quick-link items that open a page by uid. */
  quickLinks: z
    .array(z.object({ label: text(60), uid }))
    .max(12)
    .default([]),
  linkGroups: z
    .array(z.object({ title: text(60), links: z.array(ActionLinkSchema).max(12) }))
    .max(6)
    .default([]),
  /** docs/requirements.md#2-pages-and-the-shell: the theatre retailer's verification badge; opens a 560×490 popup. */
  verificationBadge: z.object({ imageUrl: assetUrl, alt: text(120), verifyUrl: z.url({ protocol: /^https?$/ }) }).optional(),
  copyright: text(200),
});
export type FooterConfig = z.infer<typeof FooterConfigSchema>;

const SeoSchema = z.object({
  title: text(70),
  description: text(170),
  image: assetUrl.optional(),
  noindex: z.boolean().default(false),
});

// Body blocks. Their behaviour comes in the content-blocks, machines and prices issues; the shape is here.
const blockBase = {
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, "must be a block id (lowercase, dashes)")
    .optional(),
};

export const PriceSourceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("collection"), id: z.number().int().positive() }),
  z.object({ kind: z.literal("category"), id: z.number().int().positive(), city: z.string().max(60).optional() }),
  z.object({ kind: z.literal("sub-category"), id: z.number().int().positive(), city: z.string().max(60).optional() }),
  z.object({ kind: z.literal("tour-group"), id: z.number().int().positive() }),
]);
export type PriceSource = z.infer<typeof PriceSourceSchema>;

const BlockSchema = z.discriminatedUnion("type", [
  z.object({
    ...blockBase,
    type: z.literal("rich_text"),
    text: z.string().min(1).max(PAGE_LIMITS.textPerBlock, `at most ${PAGE_LIMITS.textPerBlock} characters in one block`),
  }),
  z.object({
    ...blockBase,
    type: z.literal("image"),
    url: assetUrl,
    fallbackUrl: assetUrl.optional(),
    alt: z.string().max(200),
    width: z.number().int().positive().max(4000),
    height: z.number().int().positive().max(4000),
    highQuality: z.boolean().default(false),
    faceCrop: z.boolean().default(true),
    caption: z.string().max(300).optional(),
  }),
  z.object({ ...blockBase, type: z.literal("video"), url: z.url({ protocol: /^https?$/ }), title: text(120), posterUrl: assetUrl.optional() }),
  z.object({ ...blockBase, type: z.literal("price"), label: text(80), source: PriceSourceSchema }),
  z.object({
    ...blockBase,
    type: z.literal("experience_list"),
    title: text(120),
    source: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("tour-groups"), ids: z.array(z.number().int().positive()).min(1).max(50) }),
      z.object({ kind: z.literal("category"), id: z.number().int().positive(), city: z.string().max(60).optional() }),
      z.object({ kind: z.literal("sub-category"), id: z.number().int().positive(), city: z.string().max(60).optional() }),
      z.object({ kind: z.literal("collection"), id: z.number().int().positive() }),
    ]),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  z.object({ ...blockBase, type: z.literal("download"), label: text(80), url: assetUrl, fileName: text(120) }),
]);
export type Block = z.infer<typeof BlockSchema>;

/** Category or collection the page is about (docs/requirements.md#3-data: used in tracking, id and displayName). */
const PageSubjectSchema = z.object({
  kind: z.enum(["category", "sub-category", "collection", "tour-group", "city"]),
  id: z.number().int().positive(),
  displayName: text(100),
});

/**
 * Rich text costs by what it renders, not by its length: a short paragraph or inline block becomes
 * far more markup and hydration data than it takes to write, so both are counted.
 */
function checkRichTextTotals(body: Block[], ctx: z.RefinementCtx): void {
  const total = { characters: 0, elements: 0, inlineBlocks: 0 };
  body.forEach((block, index) => {
    if (block.type !== "rich_text") return;
    const { elements, inlineBlocks } = measureRichText(block.text);
    total.characters += block.text.length;
    total.elements += elements;
    total.inlineBlocks += inlineBlocks;
    if (inlineBlocks > PAGE_LIMITS.inlineBlocksPerBlock) {
      ctx.addIssue({
        code: "custom",
        path: [index, "text"],
        message: `${inlineBlocks} inline blocks; at most ${PAGE_LIMITS.inlineBlocksPerBlock} in one block`,
      });
    }
  });
  const over = (count: number, max: number, what: string) => {
    if (count > max) ctx.addIssue({ code: "custom", message: `${count} ${what}; at most ${max} in one document` });
  };
  over(total.characters, PAGE_LIMITS.textPerDocument, "characters of rich text");
  over(total.elements, PAGE_LIMITS.textElementsPerDocument, "paragraphs, headings and list items");
  over(total.inlineBlocks, PAGE_LIMITS.inlineBlocksPerDocument, "inline blocks");
}

export const PageDocumentSchema = z.object({
  pageType: z.enum(PAGE_TYPES),
  pageSubType: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/)
    .max(40)
    .optional(),
  city: text(60).optional(),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be an ISO country code like FR")
    .optional(),
  subject: PageSubjectSchema.optional(),
  seo: SeoSchema,
  heading: text(140),
  intro: z.string().max(600).optional(),
  heroImage: z
    .object({
      url: assetUrl,
      /** Shown when the hero image fails to load (docs/requirements.md#8-failures). */
      fallbackUrl: assetUrl.optional(),
      alt: z.string().max(200),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    })
    .optional(),
  header: HeaderConfigSchema.optional(),
  footer: FooterConfigSchema.optional(),
  body: z.array(BlockSchema).max(PAGE_LIMITS.blocks, `at most ${PAGE_LIMITS.blocks} blocks in one document`).default([]).superRefine(checkRichTextTotals),
});
export type PageDocument = z.infer<typeof PageDocumentSchema>;

export const SiteSchema = z.object({
  host: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a lowercase host name like www.example.com"),
  name: text(80),
  /** The official theatre-ticket retailer brand (spec: "LTT"). */
  brand: z.enum(["city-experiences", "theatre-retailer"]),
  defaultCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("USD"),
  /** Sites with the 50-experience limit (docs/requirements.md#9-constants). */
  experienceLimit: z.number().int().min(1).max(50).optional(),
  header: HeaderConfigSchema,
  footer: FooterConfigSchema,
});
export type Site = z.infer<typeof SiteSchema>;

/** A content file left out (content-store.server.ts), with what is wrong with it. */
export interface ContentError {
  file: string;
  issues: string[];
  /** The uid the file would have served, when it can be told from its path. */
  uid?: string;
}

/** "header.manualHeader.menuItems.0.label: Too small: expected string to have >=1 characters" */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join(".") : "(document)"}: ${issue.message}`);
}

/**
 * Shapes of lib/structured: the structured data of a page (JSON-LD, microdata, RDFa) as Google
 * reads it — every item with its type, its properties and its place in the HTML — and its
 * validation against Google's rich result requirements and the schema.org vocabulary.
 */
import type { MessageParam } from '../i18n';

export type SdFormat = 'jsonld' | 'microdata' | 'rdfa';

/** Where an item comes from: the HTML as served (kept by Googlebot, cut in half by its byte limit, or past it), or only Googlebot's render (added by JavaScript). */
export type SdStatus = 'served' | 'cut' | 'lost' | 'rendered';

/** A place in the HTML: the character offset, the 1-based line and column, the body byte offset (null when the bytes were not given: a render's HTML). */
export interface SdPlace {
  line: number;
  column: number;
  byte: number | null;
}

/** A property value. `node`: an entity of the same extraction (SdExtract.nodes index); `ref`: an @id that names no entity of the page. */
export type SdValue =
  | { t: 'text'; v: string }
  | { t: 'number'; v: number }
  | { t: 'boolean'; v: boolean }
  | { t: 'node'; n: number }
  | { t: 'ref'; id: string }
  | { t: 'null' };

export interface SdProperty {
  /** The schema.org local name ("price"), or the IRI as written when it is not schema.org's. */
  name: string;
  values: SdValue[];
  /** The line where the property is written. */
  line: number;
  /** False when the property lies past Googlebot's cut (an item cut in half): Google never read it. */
  kept: boolean;
}

/** One entity: a JSON-LD object, a microdata item or an RDFa resource. */
export interface SdNode {
  /** schema.org local names ("Product"); an IRI as written when it is not schema.org's. */
  types: string[];
  /** Its @id (itemid, resource), or null. */
  id: string | null;
  props: SdProperty[];
  place: SdPlace;
}

/** A problem of the markup itself (it cannot be read, or only partly), with its place. */
export interface SdProblem {
  code: SdProblemCode;
  format: SdFormat;
  severity: 'error' | 'warning' | 'info';
  params: MessageParam[];
  place: SdPlace | null;
}

export type SdProblemCode =
  /** Not JSON. params: [what, line, column] (what: a syntax code — sdJsonError.<code>). */
  | 'jsonSyntax'
  /** A comma before `}` or `]`. params: [line, column] */
  | 'jsonTrailingComma'
  /** The script holds an HTML comment (`<!--`). params: [line, column] */
  | 'jsonHtmlComment'
  /** The block's JSON is deeper than Crawlscope reads. params: [depth limit, line, column] */
  | 'jsonTooDeep'
  /** The page's JSON-LD is bigger than Crawlscope reads: blocks past it are not read. params: [characters, cap, blocks not read] */
  | 'jsonTooLarge'
  /** A block cut in half by Googlebot's byte limit: Google reads no JSON from it. params: [response byte of the cut] */
  | 'blockCut'
  /** @context is not schema.org: the block's terms are not schema.org's. params: [context] */
  | 'contextNotSchemaOrg'
  /** A remote @context other than schema.org: never fetched. params: [context URL] */
  | 'contextRemote'
  /** No @context: the terms mean nothing to a JSON-LD processor. */
  | 'contextMissing'
  /** @id references that lead back to where they start: followed once. params: [the @id chain] */
  | 'idCycle'
  /** A microdata itemref that leads back to its own item: ignored there. params: [the id] */
  | 'itemrefLoop'
  /** An itemref naming no element of the page. params: [the id] */
  | 'itemrefMissing'
  /** More entities than Crawlscope reads in one page. params: [cap] */
  | 'tooManyNodes'
  /** A JSON-LD block that is empty or holds no object. */
  | 'jsonEmpty';

/** One top-level item: what Google would consider for a rich result. */
export interface SdItem {
  format: SdFormat;
  status: SdStatus;
  /** The entity (SdExtract.nodes index). */
  node: number;
  types: string[];
  place: SdPlace;
  /** Response byte offset of the item (headers included), or null. */
  responseByte: number | null;
}

/** What was read from one HTML. */
export interface SdExtract {
  /** Where the HTML came from. */
  source: 'served' | 'rendered';
  nodes: SdNode[];
  items: SdItem[];
  problems: SdProblem[];
  /** Characters of JSON-LD read (after the cap), for the record. */
  jsonLdChars: number;
  /** The body offsets are exact (false: a stateful charset, where they are estimates). */
  offsetsExact: boolean;
  /** Where Googlebot's cut falls (response byte, headers included), or null when nothing is cut or no bytes were given. */
  cutResponseByte: number | null;
}

/** A finding of the validation. `path`: the property path from the item ("offers.price"), "" for the item itself. */
export interface SdFinding {
  code: SdFindingCode;
  severity: 'error' | 'warning' | 'info';
  path: string;
  params: MessageParam[];
  line: number;
  /** The Google page (or schema.org page) the rule comes from. */
  source: string;
  /** The rich result feature the rule belongs to ("product-snippet"), or null for schema.org conformance. */
  feature: string | null;
}

export type SdFindingCode =
  /** A required property is missing. params: [property] */
  | 'required'
  /** One of several properties is required. params: [properties, joined] */
  | 'requiredOneOf'
  /** A recommended property is missing. params: [property] */
  | 'recommended'
  /** A recommended choice is missing. params: [properties, joined] */
  | 'recommendedOneOf'
  /** A value of the wrong kind. params: [property, expected kind code, value] */
  | 'valueType'
  /** A value that is not one of Google's allowed values. params: [property, value, allowed] */
  | 'valueEnum'
  /** Google retired this rich result. params: [type, since, feature] */
  | 'featureRetired'
  /** Google shows this rich result only for some sites. params: [type, feature] */
  | 'featureRestricted'
  /** Not a schema.org type. params: [type] */
  | 'unknownType'
  /** Not a schema.org property (or not one of the type's). params: [property, type] */
  | 'unknownProperty'
  /** A schema.org property used on a type it does not belong to. params: [property, type] */
  | 'propertyNotOnType'
  /** A value whose schema.org type is not in the property's range. params: [property, value type, expected types] */
  | 'rangeMismatch'
  /** A schema.org term marked superseded. params: [term, replacement] */
  | 'deprecatedTerm'
  /** Two statements about the product are needed for pros and cons. params: [count] */
  | 'notesTooFew'
  /** A rating outside its best/worst range. params: [rating, worst, best] */
  | 'ratingOutOfRange'
  /** A date that has passed (priceValidUntil, validThrough). params: [property, date] */
  | 'datePassed'
  /** A JSON-LD block cut in half by Googlebot's byte limit: Google reads none of it. params: [response byte of the cut] */
  | 'itemCut'
  /** An item whose markup starts past Googlebot's cut: Google never reads it. params: [response byte] */
  | 'itemLost';

export type SdVerdict = 'eligible' | 'warnings' | 'errors' | 'retired' | 'none';

/** One item judged: the rich result features it can give, its findings, its verdict. */
export interface SdJudged {
  item: SdItem;
  /** The item as plain JSON (its properties and nested entities, cycles and depth cut), for the exports. */
  data: unknown;
  /** The rich result features Google documents for its type ("product-snippet", "merchant-listing"…). */
  features: string[];
  findings: SdFinding[];
  /** eligible: no error nor warning; warnings: only warnings; errors: at least one error; retired: Google no longer shows its rich result; none: no rich result for this type. */
  verdict: SdVerdict;
}

/** The structured data of a page: what was served and what the render added, judged. */
export interface SdReport {
  items: SdJudged[];
  problems: SdProblem[];
  /** The schema.org vocabulary used (its version). */
  vocabulary: string;
  counts: { items: number; errors: number; warnings: number; lost: number; rendered: number };
}

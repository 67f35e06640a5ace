/** What a value must be. `node`: an entity of one of these types (or their subtypes); `enum`: a member of this schema.org enumeration. */
export type ValueKind =
  | 'text'
  | 'number'
  | 'integer'
  | 'url'
  | 'date'
  | 'datetime'
  | 'time'
  | 'duration'
  | 'currency'
  | 'country'
  | 'boolean'
  /** A rating: a number, a fraction ("6 / 10") or a percentage ("60%"). */
  | 'rating'
  | { enum: string }
  | { node: readonly string[] }
  | { oneOf: readonly string[] };

/** A property rule: the property (or alternatives, any one of which will do), how much it matters, what its values must be. */
export interface PropRule {
  /** Property paths from the entity ("price", "priceSpecification.price"); alternatives. */
  paths: readonly string[];
  level: 'required' | 'recommended';
  kinds?: readonly ValueKind[];
  /** Rules for the entities it holds: one rule for all, or by type (the first type that matches, subtypes included). */
  apply?: string | Readonly<Record<string, string>>;
  /** A date that has passed is worth a warning (priceValidUntil, validThrough). */
  notPast?: boolean;
  /** Not required of the last element of a list (a breadcrumb's last item needs no `item`). */
  exceptLast?: boolean;
  /** Only when the entity is not nested in another (a review's itemReviewed). */
  topLevelOnly?: boolean;
  /** Only when the entity has this property (a rating's value, when there is a rating). */
  onlyWith?: string;
}

/** The rules for one kind of entity in one rich result, from one Google page. */
export interface ObjectRule {
  id: string;
  /** The Google page the rules come from. */
  source: string;
  props: readonly PropRule[];
  /** Pros and cons: at least two statements across positiveNotes and negativeNotes. */
  notes?: boolean;
  /** Rating values within best/worst. */
  ratingRange?: boolean;
}

/** A rich result feature: the item types that can give it and the rule their entity follows. */
export interface FeatureRule {
  id: string;
  /** schema.org types that can give it (subtypes included, unless `exact`). */
  types: readonly string[];
  exact?: boolean;
  /** Subtypes that do not give it (a ProductGroup is no product snippet). */
  notTypes?: readonly string[];
  rule: string;
  source: string;
  /** Of features of one family only the first that matches applies (a LocalBusiness is not judged as an Organization too). */
  family?: string;
  /** Only when the entity has this property (a merchant listing: offers). */
  when?: { has: string; type?: readonly string[]; notType?: readonly string[] };
  /** active; restricted (shown only for some sites, `note` says which); retired (no longer shown, since `since`). */
  status: 'active' | 'restricted' | 'retired';
  since?: string;
  /** The page that says it is retired or restricted. */
  statusSource?: string;
}

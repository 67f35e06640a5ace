// Google's rich result requirements as data: for each feature, the types that can give it and the
// required and recommended properties of each entity, with the kind of value each must hold. Every
// rule names the Search Central page it comes from (the pages as of 2026: FAQ and the June 2025
// types retired, practice problems removed). Read by validateStructuredData.
import type { FeatureRule, ObjectRule, PropRule, ValueKind } from './ruleTypes';

const G = 'https://developers.google.com/search/docs/appearance/structured-data/';
export const SOURCES = {
  article: G + 'article',
  breadcrumb: G + 'breadcrumb',
  productSnippet: G + 'product-snippet',
  merchantListing: G + 'merchant-listing',
  productVariants: G + 'product-variants',
  returnPolicy: G + 'return-policy',
  shippingPolicy: G + 'shipping-policy',
  loyaltyProgram: G + 'loyalty-program',
  reviewSnippet: G + 'review-snippet',
  recipe: G + 'recipe',
  event: G + 'event',
  jobPosting: G + 'job-posting',
  organization: G + 'organization',
  localBusiness: G + 'local-business',
  video: G + 'video',
  dataset: G + 'dataset',
  softwareApp: G + 'software-app',
  imageMetadata: G + 'image-license-metadata',
  profilePage: G + 'profile-page',
  qaPage: G + 'qapage',
  discussionForum: G + 'discussion-forum',
  course: G + 'course',
  movie: G + 'movie',
  vacationRental: G + 'vacation-rental',
  employerRating: G + 'employer-rating',
  educationQa: G + 'education-qa',
  mathSolver: G + 'math-solvers',
  carousel: G + 'carousel',
  speakable: G + 'speakable',
  paywalled: G + 'paywalled-content',
  faq: G + 'faqpage',
  howToRetired: 'https://developers.google.com/search/blog/2023/08/howto-faq-changes',
  june2025: 'https://developers.google.com/search/blog/2025/06/simplifying-search-results',
  sitelinksSearchBox: 'https://developers.google.com/search/blog/2024/10/sitelinks-search-box',
  updates: 'https://developers.google.com/search/updates',
} as const;

const TEXT: ValueKind = 'text';
const URL_: ValueKind = 'url';
const NUMBER: ValueKind = 'number';
const DATE: ValueKind = 'date';
const DATETIME: ValueKind = 'datetime';
const DURATION: ValueKind = 'duration';
const CURRENCY: ValueKind = 'currency';
const node = (...types: string[]): ValueKind => ({ node: types });
const IMAGE = [URL_, node('ImageObject')] as const;
const PERSON_OR_ORG = [node('Person', 'Organization')] as const;

const p = (level: PropRule['level'], paths: string | readonly string[], kinds?: readonly ValueKind[], extra: Partial<PropRule> = {}): PropRule => ({
  paths: typeof paths === 'string' ? [paths] : paths,
  level,
  ...(kinds ? { kinds } : {}),
  ...extra,
});
const req = (paths: string | readonly string[], kinds?: readonly ValueKind[], extra?: Partial<PropRule>) => p('required', paths, kinds, extra);
const rec = (paths: string | readonly string[], kinds?: readonly ValueKind[], extra?: Partial<PropRule>) => p('recommended', paths, kinds, extra);

const RULES: ObjectRule[] = [
  // Article
  {
    id: 'article',
    source: SOURCES.article,
    props: [
      rec('author', [...PERSON_OR_ORG, TEXT], { apply: 'article-author' }),
      rec('dateModified', [DATETIME]),
      rec('datePublished', [DATETIME]),
      rec('headline', [TEXT]),
      rec('image', IMAGE),
    ],
  },
  { id: 'article-author', source: SOURCES.article, props: [rec('name', [TEXT]), rec('url', [URL_])] },
  // Breadcrumb
  { id: 'breadcrumb', source: SOURCES.breadcrumb, props: [req('itemListElement', [node('ListItem')], { apply: 'breadcrumb-item' })] },
  {
    id: 'breadcrumb-item',
    source: SOURCES.breadcrumb,
    props: [req('item', [URL_, node('Thing')], { exceptLast: true }), req(['name', 'item.name'], [TEXT]), req('position', ['integer'])],
  },
  // Product snippets
  {
    id: 'product-snippet',
    source: SOURCES.productSnippet,
    notes: true,
    props: [
      req('name', [TEXT]),
      req(['review', 'aggregateRating', 'offers'], undefined),
      rec('aggregateRating', [node('AggregateRating')], { apply: 'aggregate-rating-nested' }),
      rec('offers', [node('Offer', 'AggregateOffer')], { apply: { AggregateOffer: 'aggregate-offer', Offer: 'offer-snippet' } }),
      rec('review', [node('Review')], { apply: 'product-review' }),
    ],
  },
  {
    // A product's review: a rated review, or an editorial one with pros and cons (Google's own pros and cons example has no rating).
    id: 'product-review',
    source: SOURCES.productSnippet,
    ratingRange: true,
    props: [
      req('author', [...PERSON_OR_ORG], { apply: 'named' }),
      req(['reviewRating', 'positiveNotes', 'negativeNotes'], undefined),
      req('reviewRating.ratingValue', ['rating'], { onlyWith: 'reviewRating' }),
      rec('reviewRating.bestRating', [NUMBER], { onlyWith: 'reviewRating' }),
      rec('reviewRating.worstRating', [NUMBER], { onlyWith: 'reviewRating' }),
    ],
  },
  {
    id: 'offer-snippet',
    source: SOURCES.productSnippet,
    props: [
      req(['price', 'priceSpecification.price'], [NUMBER]),
      rec('availability', [{ enum: 'ItemAvailability' }]),
      rec(['priceCurrency', 'priceSpecification.priceCurrency'], [CURRENCY]),
      rec('priceValidUntil', [DATE, DATETIME], { notPast: true }),
    ],
  },
  {
    id: 'aggregate-offer',
    source: SOURCES.productSnippet,
    props: [req('lowPrice', [NUMBER]), req('priceCurrency', [CURRENCY]), rec('highPrice', [NUMBER]), rec('offerCount', ['integer'])],
  },
  // Merchant listings
  {
    id: 'merchant-listing',
    source: SOURCES.merchantListing,
    props: [
      req('name', [TEXT]),
      req('image', IMAGE),
      req('offers', [node('Offer')], { apply: 'offer-merchant' }),
      rec('aggregateRating', [node('AggregateRating')]),
      rec('brand.name', [TEXT]),
      rec('description', [TEXT]),
      rec(['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn', 'sku', 'isbn'], [TEXT]),
      rec('review', [node('Review')]),
    ],
  },
  {
    id: 'offer-merchant',
    source: SOURCES.merchantListing,
    props: [
      req(['price', 'priceSpecification.price'], [NUMBER]),
      req(['priceCurrency', 'priceSpecification.priceCurrency'], [CURRENCY]),
      rec('availability', [{ enum: 'ItemAvailability' }]),
      rec('hasMerchantReturnPolicy', [node('MerchantReturnPolicy')], { apply: 'return-policy' }),
      rec('itemCondition', [{ enum: 'OfferItemCondition' }]),
      rec('priceValidUntil', [DATE, DATETIME], { notPast: true }),
      rec('shippingDetails', [node('OfferShippingDetails')], { apply: 'shipping-details' }),
      rec('url', [URL_]),
    ],
  },
  {
    id: 'shipping-details',
    source: SOURCES.merchantListing,
    props: [
      req('deliveryTime', [node('ShippingDeliveryTime')]),
      req('shippingDestination', [node('DefinedRegion')], { apply: 'defined-region' }),
      req('shippingRate', [node('MonetaryAmount')]),
      req('shippingRate.currency', [CURRENCY]),
      req(['shippingRate.value', 'shippingRate.maxValue'], [NUMBER]),
    ],
  },
  { id: 'defined-region', source: SOURCES.merchantListing, props: [req('addressCountry', ['country'])] },
  {
    id: 'return-policy',
    source: SOURCES.returnPolicy,
    props: [req(['returnPolicyCategory', 'merchantReturnLink'], undefined), rec('applicableCountry', ['country']), rec('returnPolicyCategory', [{ enum: 'MerchantReturnEnumeration' }])],
  },
  // Product variants
  {
    id: 'product-group',
    source: SOURCES.productVariants,
    props: [req('name', [TEXT]), rec('hasVariant', [node('Product')]), rec('productGroupID', [TEXT]), rec('variesBy', [TEXT, URL_])],
  },
  // Review snippets
  {
    id: 'review',
    source: SOURCES.reviewSnippet,
    ratingRange: true,
    props: [
      req('author', [...PERSON_OR_ORG], { apply: 'named' }),
      req('itemReviewed', [node('Thing')], { topLevelOnly: true, apply: 'named' }),
      req('reviewRating', [node('Rating')]),
      req('reviewRating.ratingValue', ['rating']),
      rec('datePublished', [DATE, DATETIME]),
      rec('reviewRating.bestRating', [NUMBER]),
      rec('reviewRating.worstRating', [NUMBER]),
    ],
  },
  {
    id: 'review-nested',
    source: SOURCES.reviewSnippet,
    ratingRange: true,
    props: [
      req('author', [...PERSON_OR_ORG], { apply: 'named' }),
      req('reviewRating', [node('Rating')]),
      req('reviewRating.ratingValue', ['rating']),
      rec('datePublished', [DATE, DATETIME]),
      rec('reviewRating.bestRating', [NUMBER]),
      rec('reviewRating.worstRating', [NUMBER]),
    ],
  },
  { id: 'named', source: SOURCES.reviewSnippet, props: [req('name', [TEXT])] },
  {
    id: 'aggregate-rating',
    source: SOURCES.reviewSnippet,
    ratingRange: true,
    props: [
      req('itemReviewed', [node('Thing')], { topLevelOnly: true, apply: 'named' }),
      req(['ratingCount', 'reviewCount'], [NUMBER]),
      req('ratingValue', ['rating']),
      rec('bestRating', [NUMBER]),
      rec('worstRating', [NUMBER]),
    ],
  },
  {
    id: 'aggregate-rating-nested',
    source: SOURCES.reviewSnippet,
    ratingRange: true,
    props: [req(['ratingCount', 'reviewCount'], [NUMBER]), req('ratingValue', ['rating']), rec('bestRating', [NUMBER]), rec('worstRating', [NUMBER])],
  },
  // Recipe
  {
    id: 'recipe',
    source: SOURCES.recipe,
    props: [
      req('image', IMAGE),
      req('name', [TEXT]),
      rec('aggregateRating', [node('AggregateRating')], { apply: 'aggregate-rating-nested' }),
      rec('author', [...PERSON_OR_ORG, TEXT]),
      rec('cookTime', [DURATION]),
      rec('datePublished', [DATE, DATETIME]),
      rec('description', [TEXT]),
      rec('keywords', [TEXT]),
      rec('nutrition.calories', [TEXT]),
      rec('prepTime', [DURATION]),
      rec('recipeCategory', [TEXT]),
      rec('recipeCuisine', [TEXT]),
      rec('recipeIngredient', [TEXT]),
      rec('recipeInstructions', [node('HowToStep', 'HowToSection', 'ItemList'), TEXT], { apply: { HowToSection: 'howto-section', HowToStep: 'howto-step' } }),
      rec('recipeYield', [TEXT, NUMBER]),
      rec('totalTime', [DURATION]),
      rec('video', [node('VideoObject')], { apply: 'video' }),
    ],
  },
  { id: 'howto-section', source: SOURCES.recipe, props: [req('itemListElement', [node('HowToStep')], { apply: 'howto-step' }), req('name', [TEXT])] },
  { id: 'howto-step', source: SOURCES.recipe, props: [req(['text', 'itemListElement'], undefined), rec('image', IMAGE), rec('name', [TEXT]), rec('url', [URL_]), rec('video', [node('VideoObject', 'Clip')])] },
  // Event
  {
    id: 'event',
    source: SOURCES.event,
    props: [
      req('location', [node('Place', 'VirtualLocation', 'PostalAddress')], { apply: { Place: 'event-place', VirtualLocation: 'virtual-location' } }),
      req('name', [TEXT]),
      req('startDate', [DATE, DATETIME]),
      rec('description', [TEXT]),
      rec('endDate', [DATE, DATETIME]),
      rec('eventStatus', [{ enum: 'EventStatusType' }]),
      rec('image', IMAGE),
      rec('offers', [node('Offer', 'AggregateOffer')], { apply: { Offer: 'event-offer' } }),
      rec('organizer', [...PERSON_OR_ORG], { apply: 'organizer' }),
      rec('performer', [node('Person', 'PerformingGroup', 'Organization')], { apply: 'named-recommended' }),
    ],
  },
  { id: 'event-place', source: SOURCES.event, props: [req('address', [node('PostalAddress'), TEXT]), rec('name', [TEXT])] },
  { id: 'virtual-location', source: SOURCES.event, props: [req('url', [URL_])] },
  {
    id: 'event-offer',
    source: SOURCES.event,
    props: [rec('availability', [{ enum: 'ItemAvailability' }]), rec('price', [NUMBER]), rec('priceCurrency', [CURRENCY]), rec('validFrom', [DATE, DATETIME]), rec('url', [URL_])],
  },
  { id: 'organizer', source: SOURCES.event, props: [rec('name', [TEXT]), rec('url', [URL_])] },
  { id: 'named-recommended', source: SOURCES.event, props: [rec('name', [TEXT])] },
  // Job posting
  {
    id: 'job-posting',
    source: SOURCES.jobPosting,
    props: [
      req('datePosted', [DATE, DATETIME]),
      req('description', [TEXT]),
      req('hiringOrganization', [node('Organization')], { apply: 'named' }),
      req(['jobLocation', 'applicantLocationRequirements'], [node('Place', 'AdministrativeArea')]),
      req('title', [TEXT]),
      rec('baseSalary', [node('MonetaryAmount')]),
      rec('directApply', ['boolean']),
      rec('employmentType', [{ oneOf: ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'] }]),
      rec('identifier', [node('PropertyValue'), TEXT]),
      rec('validThrough', [DATE, DATETIME], { notPast: true }),
    ],
  },
  // Organization, local business
  {
    id: 'organization',
    source: SOURCES.organization,
    props: [
      rec('address', [node('PostalAddress'), TEXT]),
      rec('logo', IMAGE),
      rec('name', [TEXT]),
      rec('url', [URL_]),
      rec('sameAs', [URL_]),
      rec('telephone', [TEXT]),
      rec('hasMerchantReturnPolicy', [node('MerchantReturnPolicy')], { apply: 'return-policy' }),
      rec('hasMemberProgram', [node('MemberProgram')], { apply: 'member-program' }),
    ],
  },
  { id: 'member-program', source: SOURCES.loyaltyProgram, props: [req('description', [TEXT]), req('hasTiers', [node('MemberProgramTier')], { apply: 'member-tier' }), req('name', [TEXT])] },
  { id: 'member-tier', source: SOURCES.loyaltyProgram, props: [req('hasTierBenefit', [{ enum: 'TierBenefitEnumeration' }]), req('name', [TEXT])] },
  {
    id: 'local-business',
    source: SOURCES.localBusiness,
    props: [
      req('address', [node('PostalAddress'), TEXT]),
      req('name', [TEXT]),
      rec('aggregateRating', [node('AggregateRating')], { apply: 'aggregate-rating-nested' }),
      rec('geo', [node('GeoCoordinates')], { apply: 'geo' }),
      rec('openingHoursSpecification', [node('OpeningHoursSpecification')], { apply: 'opening-hours' }),
      rec('priceRange', [TEXT]),
      rec('review', [node('Review')], { apply: 'review-nested' }),
      rec('telephone', [TEXT]),
      rec('url', [URL_]),
    ],
  },
  { id: 'geo', source: SOURCES.localBusiness, props: [rec('latitude', [NUMBER]), rec('longitude', [NUMBER])] },
  { id: 'opening-hours', source: SOURCES.localBusiness, props: [rec('closes', ['time']), rec('dayOfWeek', [{ enum: 'DayOfWeek' }]), rec('opens', ['time'])] },
  // Video
  {
    id: 'video',
    source: SOURCES.video,
    props: [
      req('name', [TEXT]),
      req('thumbnailUrl', [URL_, node('ImageObject')]),
      req('uploadDate', [DATE, DATETIME]),
      rec(['contentUrl', 'embedUrl'], [URL_]),
      rec('description', [TEXT]),
      rec('duration', [DURATION]),
      rec('expires', [DATE, DATETIME]),
      rec('hasPart', [node('Clip')], { apply: 'clip' }),
      rec('publication', [node('BroadcastEvent')], { apply: 'broadcast' }),
    ],
  },
  { id: 'clip', source: SOURCES.video, props: [req('name', [TEXT]), req('startOffset', [NUMBER]), req('url', [URL_]), rec('endOffset', [NUMBER])] },
  { id: 'broadcast', source: SOURCES.video, props: [req('isLiveBroadcast', ['boolean']), req('startDate', [DATE, DATETIME]), req('endDate', [DATE, DATETIME])] },
  // Dataset
  {
    id: 'dataset',
    source: SOURCES.dataset,
    props: [
      req('description', [TEXT]),
      req('name', [TEXT]),
      rec('creator', [...PERSON_OR_ORG]),
      rec('distribution', [node('DataDownload')], { apply: 'data-download' }),
      rec('license', [URL_, node('CreativeWork')]),
      rec('url', [URL_]),
      rec('keywords', [TEXT]),
    ],
  },
  { id: 'data-download', source: SOURCES.dataset, props: [req('contentUrl', [URL_]), rec('encodingFormat', [TEXT, URL_])] },
  // Software app
  {
    id: 'software-app',
    source: SOURCES.softwareApp,
    props: [
      req('name', [TEXT]),
      req('offers.price', [NUMBER]),
      req(['aggregateRating', 'review'], [node('AggregateRating', 'Review')], { apply: { AggregateRating: 'aggregate-rating-nested', Review: 'review-nested' } }),
      rec('applicationCategory', [TEXT]),
      rec('operatingSystem', [TEXT]),
    ],
  },
  // Image metadata
  {
    id: 'image-metadata',
    source: SOURCES.imageMetadata,
    props: [
      req('contentUrl', [URL_]),
      req(['creator', 'creditText', 'copyrightNotice', 'license'], undefined),
      rec('acquireLicensePage', [URL_]),
      rec('creator', [...PERSON_OR_ORG]),
      rec('creditText', [TEXT]),
      rec('copyrightNotice', [TEXT]),
      rec('license', [URL_]),
    ],
  },
  // Profile page, Q&A, discussion forum
  { id: 'profile-page', source: SOURCES.profilePage, props: [req('mainEntity', [...PERSON_OR_ORG], { apply: 'named' }), rec('dateCreated', [DATE, DATETIME]), rec('dateModified', [DATE, DATETIME])] },
  { id: 'qa-page', source: SOURCES.qaPage, props: [req('mainEntity', [node('Question')], { apply: 'qa-question' })] },
  {
    id: 'qa-question',
    source: SOURCES.qaPage,
    props: [
      req('answerCount', ['integer']),
      req(['acceptedAnswer', 'suggestedAnswer'], [node('Answer')], { apply: 'qa-answer' }),
      req('name', [TEXT]),
      rec('author', [...PERSON_OR_ORG]),
      rec('datePublished', [DATE, DATETIME]),
      rec('text', [TEXT]),
    ],
  },
  { id: 'qa-answer', source: SOURCES.qaPage, props: [req('text', [TEXT]), rec('author', [...PERSON_OR_ORG]), rec('datePublished', [DATE, DATETIME]), rec('upvoteCount', ['integer']), rec('url', [URL_])] },
  {
    id: 'discussion',
    source: SOURCES.discussionForum,
    props: [req('author', [...PERSON_OR_ORG]), req('author.name', [TEXT]), req('datePublished', [DATE, DATETIME]), req(['text', 'image', 'video'], undefined), rec('headline', [TEXT]), rec('url', [URL_])],
  },
  // Course list, movie, vacation rental, employer rating, education Q&A, math solver, carousel, speakable
  { id: 'course', source: SOURCES.course, props: [req('description', [TEXT]), req('name', [TEXT]), rec('provider', [...PERSON_OR_ORG])] },
  { id: 'movie', source: SOURCES.movie, props: [req('image', IMAGE), req('name', [TEXT]), rec('aggregateRating', [node('AggregateRating')]), rec('dateCreated', [DATE, DATETIME]), rec('director', [node('Person')])] },
  {
    id: 'vacation-rental',
    source: SOURCES.vacationRental,
    props: [
      req('containsPlace', [node('Accommodation')]),
      req('containsPlace.occupancy.value', ['integer']),
      req('identifier', [TEXT]),
      req('image', IMAGE),
      req(['latitude', 'geo.latitude'], [NUMBER]),
      req(['longitude', 'geo.longitude'], [NUMBER]),
      req('name', [TEXT]),
    ],
  },
  {
    id: 'employer-rating',
    source: SOURCES.employerRating,
    ratingRange: true,
    props: [req('itemReviewed', [node('Organization')]), req(['ratingCount', 'reviewCount'], [NUMBER]), req('ratingValue', ['rating'])],
  },
  { id: 'education-qa', source: SOURCES.educationQa, props: [req('hasPart', [node('Question')], { apply: 'education-question' })] },
  { id: 'education-question', source: SOURCES.educationQa, props: [req('acceptedAnswer', [node('Answer')]), req('eduQuestionType', [TEXT]), req('text', [TEXT])] },
  { id: 'math-solver', source: SOURCES.mathSolver, props: [req('potentialAction', [node('SolveMathAction')]), req('url', [URL_]), req('usageInfo', [URL_])] },
  { id: 'carousel', source: SOURCES.carousel, props: [req('itemListElement', [node('ListItem')], { apply: 'carousel-item' })] },
  { id: 'carousel-item', source: SOURCES.carousel, props: [req('position', ['integer']), req(['url', 'item'], [URL_, node('Thing')])] },
  { id: 'speakable', source: SOURCES.speakable, props: [req(['cssSelector', 'xpath'], [TEXT])] },
];

export const OBJECT_RULES: ReadonlyMap<string, ObjectRule> = new Map(RULES.map((r) => [r.id, r]));

/** The rich result features, in the order a type is matched (most specific first). */
export const FEATURES: readonly FeatureRule[] = [
  { id: 'article', types: ['Article'], rule: 'article', source: SOURCES.article, status: 'active' },
  { id: 'breadcrumb', types: ['BreadcrumbList'], rule: 'breadcrumb', source: SOURCES.breadcrumb, status: 'active', family: 'list' },
  { id: 'product-snippet', types: ['Product'], notTypes: ['ProductGroup'], rule: 'product-snippet', source: SOURCES.productSnippet, status: 'active' },
  { id: 'merchant-listing', types: ['Product'], notTypes: ['ProductGroup'], rule: 'merchant-listing', source: SOURCES.merchantListing, when: { has: 'offers', type: ['Offer'], notType: ['AggregateOffer'] }, status: 'active' },
  { id: 'product-variants', types: ['ProductGroup'], rule: 'product-group', source: SOURCES.productVariants, status: 'active' },
  { id: 'review-snippet', types: ['Review'], notTypes: ['ClaimReview'], rule: 'review', source: SOURCES.reviewSnippet, status: 'active' },
  { id: 'employer-rating', types: ['EmployerAggregateRating'], rule: 'employer-rating', source: SOURCES.employerRating, status: 'active', family: 'rating' },
  { id: 'review-snippet', types: ['AggregateRating'], rule: 'aggregate-rating', source: SOURCES.reviewSnippet, status: 'active', family: 'rating' },
  { id: 'recipe', types: ['Recipe'], rule: 'recipe', source: SOURCES.recipe, status: 'active' },
  { id: 'event', types: ['Event'], rule: 'event', source: SOURCES.event, status: 'active' },
  { id: 'job-posting', types: ['JobPosting'], rule: 'job-posting', source: SOURCES.jobPosting, status: 'active' },
  { id: 'local-business', types: ['LocalBusiness'], rule: 'local-business', source: SOURCES.localBusiness, status: 'active', family: 'organization' },
  { id: 'organization', types: ['Organization'], rule: 'organization', source: SOURCES.organization, status: 'active', family: 'organization' },
  { id: 'video', types: ['VideoObject'], rule: 'video', source: SOURCES.video, status: 'active' },
  { id: 'dataset', types: ['Dataset'], rule: 'dataset', source: SOURCES.dataset, status: 'active' },
  { id: 'software-app', types: ['SoftwareApplication'], rule: 'software-app', source: SOURCES.softwareApp, status: 'active' },
  { id: 'image-metadata', types: ['ImageObject'], rule: 'image-metadata', source: SOURCES.imageMetadata, status: 'active' },
  { id: 'profile-page', types: ['ProfilePage'], rule: 'profile-page', source: SOURCES.profilePage, status: 'active' },
  { id: 'qa-page', types: ['QAPage'], rule: 'qa-page', source: SOURCES.qaPage, status: 'active' },
  { id: 'discussion-forum', types: ['DiscussionForumPosting', 'SocialMediaPosting'], rule: 'discussion', source: SOURCES.discussionForum, status: 'active' },
  { id: 'course-list', types: ['Course'], rule: 'course', source: SOURCES.course, status: 'active' },
  { id: 'movie', types: ['Movie'], rule: 'movie', source: SOURCES.movie, status: 'active' },
  { id: 'vacation-rental', types: ['VacationRental'], rule: 'vacation-rental', source: SOURCES.vacationRental, status: 'active' },
  { id: 'education-qa', types: ['Quiz'], rule: 'education-qa', source: SOURCES.educationQa, status: 'active' },
  { id: 'math-solver', types: ['MathSolver'], rule: 'math-solver', source: SOURCES.mathSolver, status: 'active' },
  { id: 'carousel', types: ['ItemList'], rule: 'carousel', source: SOURCES.carousel, status: 'active', family: 'list' },
  { id: 'speakable', types: ['SpeakableSpecification'], rule: 'speakable', source: SOURCES.speakable, status: 'active' },
  // Retired: Google no longer shows these rich results.
  { id: 'faq', types: ['FAQPage'], rule: '', source: SOURCES.faq, status: 'retired', since: '2026-05-07', statusSource: SOURCES.faq },
  { id: 'how-to', types: ['HowTo'], exact: true, rule: '', source: SOURCES.howToRetired, status: 'retired', since: '2023-09-13', statusSource: SOURCES.howToRetired },
  { id: 'fact-check', types: ['ClaimReview'], rule: '', source: SOURCES.june2025, status: 'retired', since: '2025-06-12', statusSource: SOURCES.june2025 },
  { id: 'special-announcement', types: ['SpecialAnnouncement'], rule: '', source: SOURCES.june2025, status: 'retired', since: '2025-06-12', statusSource: SOURCES.june2025 },
  { id: 'vehicle-listing', types: ['Vehicle'], rule: '', source: SOURCES.june2025, status: 'retired', since: '2025-06-12', statusSource: SOURCES.june2025 },
  { id: 'estimated-salary', types: ['OccupationalExperienceRequirements', 'Occupation'], rule: '', source: SOURCES.june2025, status: 'retired', since: '2025-06-12', statusSource: SOURCES.june2025 },
  { id: 'book-actions', types: ['Book'], rule: '', source: SOURCES.june2025, when: { has: 'potentialAction' }, status: 'retired', since: '2025-06-12', statusSource: SOURCES.june2025 },
  { id: 'sitelinks-search-box', types: ['WebSite'], rule: '', source: SOURCES.sitelinksSearchBox, when: { has: 'potentialAction', type: ['SearchAction'] }, status: 'retired', since: '2024-11-21', statusSource: SOURCES.sitelinksSearchBox },
];

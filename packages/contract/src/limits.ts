/** Business constants and limits of SPEC §9, plus the storage limits Loreforge adds to keep input bounded. */
export const LIMITS = {
  apiTimeoutMs: 10_000,
  defaultPageSize: 10,
  maxPageSize: 10_000,
  paginationWindow: 2,
  paginationShowAllUpTo: 7,
  questDifficultyMin: 1,
  questDifficultyMax: 10,
  questDifficultyDefault: 5,
  relationshipScoreMin: -100,
  relationshipScoreMax: 100,
  mapNameMin: 3,
  mapNameMax: 100,
  itemNameMin: 2,
  goalTitleMin: 3,
  passwordMin: 6,
  passwordMax: 200,
  inventoryQuantityMin: 1,
  inventoryQuantityDefault: 1,
  /** Largest quantity or objective target accepted (fits every database's integer). */
  quantityMax: 1_000_000_000,
  truncateName: 50,
  truncateDescription: 100,
  truncateEventDescription: 50,
  truncateWorldId: 36,
  timelineSelectFallbackChars: 8,
  quickCreateMinWidthPx: 400,
  landingRevealScrollPx: 50,
  navbarShowScrollPx: 10,
  skyRefreshMs: 60_000,
  skyStars: 150,
  skyTransitionMs: 5_000,
  copyrightYear: 2025,
  /** Storage limits (not in the spec): keep every text field bounded. */
  nameMax: 200,
  usernameMax: 50,
  emailMax: 254,
  textMax: 20_000,
  /** A JSON field (attributes, properties, changes) serialised, in characters. */
  jsonMaxChars: 200_000,
  jsonMaxDepth: 20,
  mapImageMaxBytes: 10 * 1024 * 1024,
  mapCoordinateMax: 1_000_000,
  areaPolygonMinPoints: 3,
  areaPolygonMaxPoints: 1_000,
  objectiveTargetMin: 1,
  /** Change entries one event may hold in each of its three change fields. */
  eventChangesMax: 1_000,
  /**
   * Change entries all the events of one world may hold together (the three fields of every event): bounds what
   * the timeline engine replays for any timeline of the world.
   */
  worldChangesMax: 50_000,
  /** Players one secret may be revealed to. */
  revealedToMax: 200,
  /** Members one world may have (owner included). */
  worldMembersMax: 200,
} as const;

/** Longest note, in characters. */
export const NOTE_MAX = LIMITS.textMax;

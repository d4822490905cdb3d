/**
 * The parts of the OpenAPI document that describe the API as a whole rather than one route: where it is
 * served, under which licence, and what each tag (one per resource) holds.
 */

/** The API is served by the same origin as this document (its paths start with /api). */
export const SERVERS = [{ url: '/', description: 'The Loreforge server that serves this document' }];

/** Loreforge is not published under an open licence. */
export const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Loreforge-Proprietary' };

/** Every tag the routes use, with what it holds; the OpenAPI test fails on a tag missing here. */
export const TAGS = [
  { name: 'system', description: 'Liveness and version of the server; public.' },
  {
    name: 'auth',
    description: 'Registration with an invite code, sign-in (a bearer token) and invite requests; rate-limited per address.',
  },
  {
    name: 'worlds',
    description:
      'The worlds the signed-in user owns or is a member of, each with their role and the counts of what they may see. On any GET under a world, an editor or the owner may send `x-view-as: <userId>` to read it exactly as that player or viewer does.',
  },
  { name: 'members', description: 'Who shares a world and with which role (owner, editor, player, viewer); invitation links to join it.' },
  { name: 'characters', description: 'Characters of a world: core attributes, custom attribute groups, location and active quests.' },
  { name: 'relationships', description: "A character's relationships to other characters of its world (affinity, power balance, trust)." },
  { name: 'goals', description: 'Goals of a world and of its characters.' },
  { name: 'inventory', description: "What a character holds: entries of the world's items with quantity, slot and notes." },
  { name: 'items', description: 'Items of a world and their instances held by characters.' },
  { name: 'timelines', description: 'Timelines of a world, branches of one another, and their events in story order.' },
  { name: 'events', description: 'Events on timelines and the changes they make to characters, inventories and relationships.' },
  {
    name: 'calendars',
    description:
      "A world's own calendars (months, weekdays, leap rules, eras, moons, seasons) that timelines keep time in, their presets, Fantasy-Calendar import and date conversion.",
  },
  { name: 'maps', description: 'Maps of a world and their images.' },
  { name: 'map points', description: 'Named points on a map, optionally linked to an entity of the world.' },
  { name: 'map areas', description: 'Coloured polygons on a map.' },
  { name: 'connections', description: 'Typed links between any two entities of a world.' },
  { name: 'quests', description: 'Quests of a world, their objectives and progress, and who has accepted them.' },
  {
    name: 'search',
    description:
      'One search over the names, tags and text of every kind of entity in a world, ranked, showing only what the reader may see.',
  },
  {
    name: 'graph',
    description: "A world's web: characters, items and connected entities as nodes; relationships, connections and holdings as edges.",
  },
  {
    name: 'live',
    description: "A world's change feed (JSON pages or a Server-Sent Events stream) and who is in the world now and what they edit.",
  },
  {
    name: 'backlinks',
    description:
      'The entities whose rich text mentions a character, item, quest, event, timeline, map, map point, map area or goal, as the reader may see them.',
  },
  {
    name: 'tags',
    description: 'Tags on characters, items, quests, events, timelines, maps and goals, and the tags a world uses with their counts.',
  },
  {
    name: 'history',
    description:
      "Each entity's history of changes (who, when, which fields from what to what) as the reader may see it, restoring an earlier version, and what changed since a member last looked.",
  },
  {
    name: 'webhooks',
    description:
      "A world's outgoing webhooks (owner only): signed POSTs of its changes to public URLs, retried with backoff, with a delivery log.",
  },
  {
    name: 'notes',
    description: "Each member's own private notes on the world or on an entity they can see; only their author reads them.",
  },
  {
    name: 'transfer',
    description:
      'Export a world as a zip (a Loreforge bundle, documented in docs/export-format.md, or another format) and import an archive as a new world.',
  },
  {
    name: 'timeline engine',
    description:
      "The world's state at any moment of a timeline, a character's history, the differences between two timelines, an item's holders and a timeline's consistency problems.",
  },
];

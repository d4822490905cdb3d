/** Help text of the world overview (SPEC §1, §2): four tabs per entity type. */

/** The entity types with count cards on the world's Details tab. */
export type WorldEntityType = 'characters' | 'timelines' | 'maps' | 'events' | 'items';

/** The four help tabs, in order (SPEC §1). */
export const HELP_TABS = ['Information', 'Usage', 'Interactions', 'Creating'] as const;
export type HelpTab = (typeof HELP_TABS)[number];

/** One entity type's help: a paragraph or a few bullet points per tab. */
export interface EntityHelp {
  title: string;
  tabs: Record<HelpTab, { intro: string; points?: string[] }>;
}

/** Help for each entity type. */
export const ENTITY_HELP: Record<WorldEntityType, EntityHelp> = {
  characters: {
    title: 'Characters',
    tabs: {
      Information: {
        intro: 'Characters are the people, creatures and powers of your world. Each has a name, a description and attributes you define.',
        points: [
          'Attributes are a JSON object: simple values (strength: 14, faction: "Crown") show as core attributes; nested objects become attribute groups.',
          'A character can stand at a map point (current location) and pursue active quests.',
        ],
      },
      Usage: {
        intro: 'Use characters to keep the cast consistent across sessions and stories.',
        points: [
          'Record goals with a type (Primary, Secondary, Personal, PlotDriven) and a status from Pending to Completed.',
          'Keep an inventory: which items they carry, how many, and what is equipped.',
          'Open a character to see Details, Inventory, Goals and Relationships in tabs.',
        ],
      },
      Interactions: {
        intro: 'Characters connect to almost everything else in a world.',
        points: [
          'Relationships to other characters carry a type, affinity, trust level and power balance from -100 to 100.',
          'Events on a timeline can change their attributes, inventory and relationships.',
          'Item instances are owned by characters; map points can mark where a character is.',
        ],
      },
      Creating: {
        intro: 'Press + on the card for a quick character with a name and description, or open the Characters tab for the full form.',
        points: ['Only the name is required; attributes must be valid JSON.', 'Active quests are a comma-separated list of quest ids.'],
      },
    },
  },
  timelines: {
    title: 'Timelines',
    tabs: {
      Information: {
        intro: "A timeline is one line of your world's history, with a current date and time that marks its 'now'.",
        points: [
          'Timelines can branch: a branch starts from a branching event on its parent timeline.',
          'A genesis event can mark where the timeline begins.',
        ],
      },
      Usage: {
        intro: 'Use timelines to order what happened and to explore what might have happened instead.',
        points: [
          'Open a timeline to see its events alternating on both sides of a central line.',
          "Open a branch from its branching event and return with 'Back to Parent Timeline'.",
        ],
      },
      Interactions: {
        intro: 'Timelines hold events; events change characters.',
        points: ['Each event belongs to at most one timeline.', 'A branching event points to the child timeline that splits off from it.'],
      },
      Creating: {
        intro: 'Press + on the card to create a timeline with a name and its current date and time.',
        points: [
          'Branching is enabled by default.',
          'Parent timeline, genesis event and branching event are optional ids you can add in the full form.',
        ],
      },
    },
  },
  maps: {
    title: 'Maps',
    tabs: {
      Information: {
        intro: 'Maps are your own artwork — continents, cities, dungeons — with points of interest and areas drawn on them.',
        points: [
          'Upload a PNG, JPEG or WebP image of up to 10 MB.',
          'Points are markers; areas are coloured polygons such as kingdoms or districts.',
        ],
      },
      Usage: {
        intro: 'Use maps to show where things are and where things happen.',
        points: ['Place a point and link it to a character or an item.', 'Draw areas to mark borders, regions and zones of influence.'],
      },
      Interactions: {
        intro: 'Maps tie places to the rest of the world.',
        points: ["A character's current location is a point on a map.", 'Points can mark where an item lies.'],
      },
      Creating: {
        intro: 'Press + on the card for a quick map; the name needs 3 to 100 characters.',
        points: ['Open the map afterwards to upload its image and add points and areas.'],
      },
    },
  },
  events: {
    title: 'Events',
    tabs: {
      Information: {
        intro:
          'Events are moments in your world: battles, births, betrayals, discoveries. Each has a name, a date and time, and a description.',
        points: [
          'An event can change character attributes, inventories and relationships; each change is recorded as JSON.',
          'A branching event starts a child timeline.',
        ],
      },
      Usage: {
        intro: 'Use events to move the story forward and keep a record of cause and effect.',
        points: [
          'Place events on a timeline to see them in order.',
          'Mark the turning points of your campaign as branching events to explore alternatives.',
        ],
      },
      Interactions: {
        intro: 'Events sit on timelines and reach into characters.',
        points: [
          'Character attribute changes, inventory changes and relationship changes describe what the event did.',
          "A branching event's child timeline continues the story along another path.",
        ],
      },
      Creating: {
        intro: 'Press + on the card to create an event with a name, date and time, and the timeline it belongs to.',
        points: ['Create a timeline first if the world has none.', 'The change fields are optional JSON in the full form.'],
      },
    },
  },
  items: {
    title: 'Items',
    tabs: {
      Information: {
        intro:
          'Items are the things of your world: weapons, relics, potions, letters. Each has a name, a description, properties and attributes.',
        points: [
          'Properties are a JSON object such as {"weight": 2, "magical": true}.',
          'An item is a template; characters own instances of it with their own quantity and notes.',
        ],
      },
      Usage: {
        intro: 'Use items to track what exists and who holds it.',
        points: [
          'Open an item to see which characters own an instance of it.',
          'Give an instance to a character directly from the item page.',
        ],
      },
      Interactions: {
        intro: 'Items live in inventories and on maps.',
        points: [
          'Inventory entries link a character to an item with a quantity and an equipped flag.',
          "Events can record inventory changes; map points can mark an item's location.",
        ],
      },
      Creating: {
        intro: 'Press + on the card for a quick item; the name needs at least 2 characters.',
        points: ['Properties must be valid JSON in the full form.'],
      },
    },
  },
};

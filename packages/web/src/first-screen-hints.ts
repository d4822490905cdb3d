/**
 * The build's hints for a first page, written into index.html by `first-load-hints.ts` and read by
 * `first-screen.ts`: a JSON data block (not a script, so the page's script policy does not apply) naming, per
 * first screen, the files that screen loads.
 */

/** The id of index.html's `<script type="application/json">` holding {@link FirstScreenFiles}. */
export const FIRST_SCREENS_ELEMENT_ID = 'lf-first-screens';

/** The first screens the build writes hints for. */
export type FirstScreen = 'home' | 'world' | 'timeline';

/**
 * The first page of worlds the signed-in home shows (SPEC §2 home: newest first), as the list query's values in
 * the order the API client writes them; the home screen asks for it and the entry sends it early.
 */
export const HOME_WORLDS_PAGE = { page: 1, limit: 12, sortBy: 'createdAt', sortOrder: 'desc' } as const;

/**
 * How many of a timeline's events one page holds (api/timelines.ts asks for them page by page in story order); the
 * entry asks for the first page early on a timeline's first load.
 */
export const TIMELINE_EVENTS_PAGE_SIZE = 500;

/** Per first screen, the paths of its chunks and style sheets (e.g. `/assets/WorldScreen-abc.js`), in load order. */
export type FirstScreenFiles = Partial<Record<FirstScreen, string[]>>;

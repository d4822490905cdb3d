/** Names of the built-in icons. */
export type IconName = 'character' | 'timeline' | 'map' | 'event' | 'item' | 'world' | 'dice' | 'code';

/* Simple 24×24 stroke icons, drawn here so they render the same everywhere (no emoji or icon font). */
const PATHS: Record<IconName, string> = {
  character: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  timeline: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9',
  map: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15',
  event: 'M13 2L4 14h7l-1 8 9-12h-7z',
  item: 'M14.5 3.5l6 6L10 20l-6 0 0-6zM12 6l6 6M4 20l3-3',
  world: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  dice: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8 8h.01M16 16h.01M12 12h.01M16 8h.01M8 16h.01',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
};

/**
 * A decorative line icon (hidden from assistive technology; pair it with visible text).
 * @param name which icon; @param size width and height in pixels (default 24).
 */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

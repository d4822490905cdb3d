/**
 * What each caller must never read in an answer, and the suite's report line.
 */
import type { AccessWorld, IdentityName, Variant } from './access-world.js';

/** The variants an identity may not see. */
export function hiddenVariants(identity: IdentityName): Variant[] {
  if (identity === 'owner' || identity === 'editor') return [];
  if (identity === 'player') return ['secret'];
  if (identity === 'viewer') return ['secret', 'revealed'];
  return ['secret', 'revealed', 'public'];
}

/**
 * The strings an identity's answers must not contain: the markers and ids of every variant it may not see, and
 * the GM marker for everyone but editors.
 * @param showsWorld the operation may show the world itself (its name, id) to a non-member: an invitation's preview.
 */
export function forbiddenFor(world: AccessWorld, identity: IdentityName, showsWorld: boolean): string[] {
  const hidden = hiddenVariants(identity);
  if (hidden.length === 0) return [];
  const strings = [world.markers.gm];
  for (const variant of hidden) {
    const publicOfShownWorld = variant === 'public' && showsWorld;
    if (!publicOfShownWorld) strings.push(world.markers[variant]);
    for (const byVariant of Object.values(world.ids)) strings.push(byVariant[variant]);
  }
  if (hidden.includes('public') && !showsWorld) strings.push(world.worldId);
  return strings;
}

/** Prints one line of figures, prefixed so it is easy to find in the output: `[access] matrix reads sqlite: cases=… leaks=0`. */
export function reportAccess(suite: string, figures: Record<string, number | string>): void {
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(`[access] ${suite}: ${text}`);
}

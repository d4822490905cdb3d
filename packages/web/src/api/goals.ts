/**
 * Goal calls and hooks (SPEC §7 Goals). A goal belongs either to a character
 * (`/worlds/{w}/characters/{c}/goals`) or to the world itself (`/worlds/{w}/goals`).
 */
import type { Goal, GoalCreateInput } from '@loreforge/contract';
import { characterGoalsResource, goalsResource } from './registry';
import type { Resource } from './resource';

export { characterGoalsResource, goalsResource };

/** The collection a goal screen works on. */
export type GoalResource = Resource<Goal, GoalCreateInput>;

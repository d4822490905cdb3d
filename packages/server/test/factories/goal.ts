/** Factory for goals of a world or of one of its characters. */
import type { FastifyInstance } from 'fastify';
import type { Goal, GoalCreateInput } from '@loreforge/contract';
import type { TestUser } from './user.js';

/** Valid goal fields (SPEC §5 Goal) to start from. */
export const GOAL_FIELDS = { title: 'Find the way home', description: 'Follow the road', goalType: 'Primary', status: 'Pending' } as const;

/**
 * Creates a goal through POST /api/worlds/{worldId}/goals, or .../characters/{characterId}/goals when given.
 * @returns the goal as the API answered it.
 */
export async function createGoal(
  app: FastifyInstance,
  owner: TestUser,
  worldId: string,
  options: { characterId?: string } & Partial<GoalCreateInput> = {},
): Promise<Goal> {
  const { characterId, ...fields } = options;
  const url = characterId ? `/api/worlds/${worldId}/characters/${characterId}/goals` : `/api/worlds/${worldId}/goals`;
  const response = await app.inject({ method: 'POST', url, headers: owner.headers, payload: { ...GOAL_FIELDS, ...fields } });
  if (response.statusCode !== 201) throw new Error(`create goal failed: ${response.statusCode} ${response.body}`);
  return response.json<Goal>();
}

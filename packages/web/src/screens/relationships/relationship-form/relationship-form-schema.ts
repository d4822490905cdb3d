/** What the relationship form validates and sends (SPEC §5 Relationship). */
import { z } from 'zod';
import { COMMUNICATION_STYLES, enumField, LIMITS, RelationshipCreateSchema, required, type Relationship } from '@loreforge/contract';

/**
 * RelationshipCreateSchema fed from form inputs: an unchosen character reads 'Related Character is required.'
 * (not a UUID message), and an unchosen communication style is sent as null.
 */
export const RelationshipFormSchema = RelationshipCreateSchema.extend({
  targetCharacterId: z
    .string({ error: () => required('Related Character') })
    .min(1, required('Related Character'))
    .pipe(RelationshipCreateSchema.shape.targetCharacterId),
  communicationStyle: z
    .union([z.literal(''), enumField('Communication Style', COMMUNICATION_STYLES)])
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Tags typed for a new relationship (comma-separated), saved once it exists; never part of its payload. */
  tags: z.string().optional(),
});

/**
 * The form's starting values: a new relationship is a Stranger with every score at 0 (the neutral middle
 * of -100..100); an edited one shows its stored values.
 * @param relationship the relationship being edited, or undefined to create.
 */
export function relationshipFormValues(relationship?: Relationship): Record<string, string> {
  const score = (value: number | undefined) => String(value ?? 0);
  return {
    targetCharacterId: relationship?.targetCharacterId ?? '',
    relationshipType: relationship?.relationshipType ?? 'Stranger',
    description: relationship?.description ?? '',
    descriptionHtml: relationship?.descriptionHtml ?? '',
    affinity: score(relationship?.affinity),
    powerBalance: score(relationship?.powerBalance),
    trustLevel: score(relationship?.trustLevel),
    communicationStyle: relationship?.communicationStyle ?? '',
    pastInteractions: relationship?.pastInteractions ?? '',
    currentGoalAlignment: relationship?.currentGoalAlignment ?? '',
    dependenceLevel: relationship?.dependenceLevel ?? '',
  };
}

/** The bounds of the three scores (SPEC §9). */
export const SCORE_RANGE = { min: LIMITS.relationshipScoreMin, max: LIMITS.relationshipScoreMax } as const;

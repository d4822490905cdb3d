/** Fields and payload of the quest form (SPEC §2 quest form, §3 Quest form reading, §5 Quest, §9). */
import { LIMITS, QUEST_STATUSES, type Quest, type QuestCreateSchema } from '@loreforge/contract';
import type { z } from 'zod';
import type { QuestSaveInput } from '../../api/quests';
import type { FieldConfig } from '../../components/form/types';
import { capitalize } from '../../lib/text';

/** SPEC §8 messages of the quest form. */
export const QUEST_MESSAGES = {
  loadFailed: 'Failed to load quest data for editing.',
  saveFailed: 'An unexpected error occurred while saving the quest.',
  loading: 'Loading quest data...',
} as const;

/** Bootstrap badge variants of quest statuses, in the spirit of the goal badges (SPEC §4). */
export const QUEST_STATUS_BADGE: Record<Quest['status'], string> = {
  pending: 'secondary',
  active: 'primary',
  completed: 'success',
  failed: 'danger',
};

/** The quest form's fields: name, description (5 rows), status, 'Optional Quest', difficulty 1–10 (placeholder 5). */
export const QUEST_FIELDS: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'richtext', rows: 5 },
  {
    name: 'status',
    label: 'Status',
    type: 'select',
    required: true,
    options: QUEST_STATUSES.map((s) => ({ value: s, label: capitalize(s) })),
  },
  { name: 'isOptional', label: 'Optional Quest', type: 'checkbox' },
  {
    name: 'difficulty',
    label: 'Difficulty',
    type: 'number',
    min: LIMITS.questDifficultyMin,
    max: LIMITS.questDifficultyMax,
    placeholder: String(LIMITS.questDifficultyDefault),
    help: `${LIMITS.questDifficultyMin} (easy) to ${LIMITS.questDifficultyMax} (hard).`,
  },
];

/** Initial values: a new quest is pending; a loaded one shows its own values. */
export function questDefaults(quest?: Quest): Record<string, unknown> {
  if (!quest) return { status: 'pending', isOptional: false };
  return {
    name: quest.name,
    description: quest.description ?? '',
    descriptionHtml: quest.descriptionHtml ?? '',
    status: quest.status,
    isOptional: quest.isOptional,
    difficulty: quest.difficulty === null ? '' : String(quest.difficulty),
  };
}

/**
 * What is sent on save: every field the form shows, so a difficulty or 'Optional Quest' a person set is kept.
 * (SPEC §5 sent only name, description and status, which dropped the other two silently.) An empty
 * difficulty is sent as null, which clears it.
 */
export function questPayload(values: z.output<typeof QuestCreateSchema>): QuestSaveInput {
  return {
    name: values.name,
    description: values.description,
    ...(values.descriptionHtml ? { descriptionHtml: values.descriptionHtml } : {}),
    status: values.status,
    isOptional: values.isOptional,
    difficulty: values.difficulty,
  };
}

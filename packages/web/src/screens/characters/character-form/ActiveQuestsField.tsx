import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router';
import { useWorldQuests } from '../../../api/world-lookups';
import type { CustomFieldProps } from '../../../components/form/types';
import { parseActiveQuests } from './character-form-schema';

/**
 * The active quests input of the character form (SPEC §3 Character `activeQuests`): one checkbox per quest of
 * the world, by name. The value stays the comma-separated ids the form schema reads; ids that are not among the
 * world's quests stay listed (under their short id) so a save keeps them unless unticked.
 * @param props the generic form's custom field props; `value` is the ids separated by commas.
 */
export function ActiveQuestsField({ id, value, onChange, onBlur, invalid, describedBy }: CustomFieldProps) {
  const { worldId = '' } = useParams();
  const quests = useWorldQuests(worldId);
  const ids = parseActiveQuests(typeof value === 'string' ? value : '') ?? [];
  const rows = quests.data ?? [];
  const unknown = ids.filter((questId) => !rows.some((quest) => quest.questId === questId));
  const toggle = (questId: string, checked: boolean) => {
    const next = checked ? [...ids, questId] : ids.filter((candidate) => candidate !== questId);
    onChange(next.join(', '));
  };
  const box = (questId: string, label: string) => (
    <Form.Check
      key={questId}
      id={`${id}-${questId}`}
      type="checkbox"
      label={label}
      checked={ids.includes(questId)}
      isInvalid={invalid}
      onChange={(e) => toggle(questId, e.target.checked)}
      onBlur={onBlur}
    />
  );
  return (
    <div id={id} role="group" aria-label="Active Quests" aria-describedby={describedBy}>
      {quests.isPending && <Form.Text>Loading quests…</Form.Text>}
      {quests.isError && <Form.Text className="text-danger">The world's quests could not be loaded.</Form.Text>}
      {quests.isSuccess && rows.length === 0 && unknown.length === 0 && <Form.Text>No quests in this world yet.</Form.Text>}
      {rows.map((quest) => box(quest.questId, quest.name))}
      {unknown.map((questId) => box(questId, `Unknown quest (${questId.slice(0, 8)})`))}
    </div>
  );
}

import Form from 'react-bootstrap/Form';
import { MESSAGES } from '@loreforge/contract';
import { charactersResource } from '../api/characters';
import { useResourceLookup } from '../api/resource';
import { ErrorAlert } from './ErrorAlert';
import { LoadingSpinner } from './LoadingSpinner';

/** Props of {@link CharacterPicker}. */
export interface CharacterPickerProps {
  worldId: string;
  /** The character to hide (e.g. the one whose relationship is being edited). */
  excludeId?: string | null;
  /** Selected characterId, or '' for none. */
  value: string;
  onChange: (characterId: string) => void;
  /** id of the select, for an outer label's htmlFor. */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A select of a world's characters without the excluded one (SPEC §2 "Character picker"). Shows
 * 'Loading characters...' while loading, 'Failed to load characters' on failure and
 * 'No other characters available in this world.' when none remain.
 */
export function CharacterPicker({ worldId, excludeId, value, onChange, id, invalid = false, describedBy, disabled }: CharacterPickerProps) {
  const query = useResourceLookup(charactersResource(worldId));

  if (query.isPending) return <LoadingSpinner inline label={MESSAGES.loadingCharacters} />;
  if (query.isError) {
    return <ErrorAlert message={MESSAGES.failedToLoadCharacters} onRetry={() => void query.refetch()} className="mb-0" />;
  }
  const options = query.data.data.filter((c) => c.characterId !== excludeId);
  if (options.length === 0) {
    return (
      <p className="text-body-secondary mb-0" id={id}>
        {MESSAGES.noOtherCharacters}
      </p>
    );
  }
  return (
    <Form.Select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      isInvalid={invalid}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <option value="">Choose a character…</option>
      {options.map((character) => (
        <option key={character.characterId} value={character.characterId}>
          {character.name}
        </option>
      ))}
    </Form.Select>
  );
}

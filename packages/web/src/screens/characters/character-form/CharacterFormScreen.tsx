import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { MESSAGES } from '@loreforge/contract';
import { useCharacter, useCharacterMutations } from '../../../api/characters';
import { handleError, notFoundMessage, retryUnlessMissing } from '../../../api/client';
import { useWorld } from '../../../api/worlds';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { ActiveQuestsField } from './ActiveQuestsField';
import { AssignedToField } from './AssignedToField';
import { AttributesField } from './AttributesField';
import { LocationField } from './LocationField';
import { CharacterFormSchema, characterFormValues } from './character-form-schema';

const FIELDS: readonly FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'richtext' },
  {
    name: 'attributes',
    label: 'Attributes',
    type: 'custom',
    help: 'Plain values are core attributes; nested objects (in the JSON view) become attribute groups.',
    render: (props) => <AttributesField {...props} />,
  },
  {
    name: 'currentLocationId',
    label: 'Current Location',
    type: 'custom',
    help: "A point on one of this world's maps.",
    render: (props) => <LocationField {...props} />,
  },
  {
    name: 'activeQuests',
    label: 'Active Quests',
    type: 'custom',
    help: 'The quests of this world the character is on.',
    render: (props) => <ActiveQuestsField {...props} />,
  },
  {
    name: 'assignedTo',
    label: 'Played by',
    type: 'custom',
    help: 'The player who plays this character: they may edit it and take up quests for it.',
    render: (props) => <AssignedToField {...props} />,
  },
];

/**
 * /worlds/:worldId/characters/create and /characters/:characterId/edit (SPEC §2, §5 Character): name
 * (required), description, attributes as variables or JSON, current location, active quests and the player
 * who plays it (issue 11). Empty
 * optional fields are sent as null. Without a world it says 'A character can only be created within a world.';
 * under a world that does not exist (or is not the user's) it says so at once, with the server's 'World not
 * found.', rather than after a filled-in form is submitted. On save it opens the character.
 */
export function CharacterFormScreen() {
  const { worldId = '', characterId } = useParams();
  const navigate = useNavigate();
  const query = useCharacter(worldId, characterId);
  const world = useWorld(worldId || undefined);
  const { create, update } = useCharacterMutations(worldId);
  const editing = Boolean(characterId);
  const defaults = useMemo(() => ({ ...characterFormValues(query.data) }), [query.data]);

  const back = () => void navigate(editing ? `/worlds/${worldId}/characters/${characterId}` : `/worlds/${worldId}/characters`);

  let body;
  const missingWorld = world.isError ? notFoundMessage(world.error, `World with ID ${worldId} not found.`) : undefined;
  if (!worldId) body = <ErrorAlert message={MESSAGES.characterNeedsWorld} />;
  else if (missingWorld) {
    body = (
      <ErrorAlert message={missingWorld}>
        <Link to="/" className="alert-link d-inline-block mt-2">
          Back to your worlds
        </Link>
      </ErrorAlert>
    );
  } else if (world.isPending) body = <LoadingSpinner label="Loading world..." />;
  else if (editing && query.isPending) body = <LoadingSpinner label="Loading character..." />;
  else if (editing && query.isError) {
    body = (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load character or world data. Please try again.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  } else {
    body = (
      <GenericForm
        access={{ worldId, entity: query.data }}
        schema={CharacterFormSchema}
        fields={FIELDS}
        defaultValues={defaults}
        submitLabel={editing ? 'Save character' : 'Create character'}
        failureFallback="Failed to save. Please try again."
        onCancel={back}
        onSubmit={async (values) => {
          const saved = characterId ? await update.mutateAsync({ id: characterId, input: values }) : await create.mutateAsync(values);
          void navigate(`/worlds/${worldId}/characters/${saved.characterId}`);
        }}
      />
    );
  }

  return (
    <Container className="py-4" style={{ maxWidth: 820 }}>
      <EntityPanel framed level={1} title={editing ? `Edit ${query.data?.name ?? 'Character'}` : 'Create Character'}>
        {body}
      </EntityPanel>
    </Container>
  );
}

import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { MESSAGES, type Character } from '@loreforge/contract';
import { useQuest } from '../../../api/quests';
import { useWorldLocations } from '../../../api/world-lookups';
import { AccessDetails } from '../../../components/access/AccessDetails';
import { DetailList } from '../../../components/entity-view/DetailList';
import { formatVariableValue } from '../../../components/json-variable-editor/variable-value';
import { formatDateTime } from '../../../lib/format';
import { CharacterAsOfNow } from './CharacterAsOfNow';
import { splitAttributes } from './split-attributes';
import { RichText } from '../../../components/rich-text/RichText';
import { MentionedIn } from '../../../components/rich-text/MentionedIn';
import { ConnectionsPanel } from '../../../components/connections/ConnectionsPanel';

function AttributeRows({ entries, caption }: { entries: Array<[string, unknown]>; caption: string }) {
  return (
    <table className="table table-sm mb-0 align-middle">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row" className="fw-semibold text-break w-50">
              {name}
            </th>
            <td className="text-break">{formatVariableValue(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The character's current location as 'Point (Map)', linking to the map; its short id until loaded or when gone. */
function LocationLink({ worldId, pointId }: { worldId: string; pointId: string }) {
  const located = useWorldLocations(worldId).find(pointId);
  if (!located) return <span title={pointId}>{pointId.slice(0, 8)}</span>;
  return (
    <Link to={`/worlds/${worldId}/maps/${located.map.mapId}`}>
      {located.point.name} <span className="text-body-secondary">({located.map.name})</span>
    </Link>
  );
}

/** One active quest as a link named after the quest (its id until the name has loaded or when it fails). */
function ActiveQuestLink({ worldId, questId }: { worldId: string; questId: string }) {
  const quest = useQuest(worldId, questId);
  return <Link to={`/worlds/${worldId}/quests/${questId}`}>{quest.data?.name ?? questId}</Link>;
}

/**
 * The Details tab of a character (SPEC §2, §3): the stored record, labelled as the start of the story
 * (description, location, active quests, dates, then the attributes: scalar values as core attributes, nested
 * objects as groups, or 'No attributes defined.'), and beside it the character as of a chosen timeline's now.
 * @param character the loaded character.
 */
export function CharacterDetailsTab({ character }: { character: Character }) {
  return (
    <Row className="g-4">
      <Col lg={7}>
        <StoredCharacter character={character} />
      </Col>
      <Col lg={5}>
        <CharacterAsOfNow worldId={character.worldId} character={character} />
      </Col>
    </Row>
  );
}

function StoredCharacter({ character }: { character: Character }) {
  const { core, groups } = splitAttributes(character.attributes);
  return (
    <div className="d-grid gap-4">
      <p className="small text-body-secondary mb-0">
        <strong className="text-body">Stored record</strong>: the character at the start of every timeline. Events change it from there.
      </p>
      <DetailList
        rows={[
          {
            label: 'Description',
            value: character.descriptionHtml ? <RichText worldId={character.worldId} html={character.descriptionHtml} /> : null,
          },
          {
            label: 'Current Location',
            value: character.currentLocationId ? <LocationLink worldId={character.worldId} pointId={character.currentLocationId} /> : null,
          },
          {
            label: 'Active Quests',
            value:
              character.activeQuests.length === 0 ? null : (
                <span className="d-flex flex-wrap gap-2">
                  {character.activeQuests.map((questId) => (
                    <ActiveQuestLink key={questId} worldId={character.worldId} questId={questId} />
                  ))}
                </span>
              ),
          },
          { label: 'Created', value: formatDateTime(character.createdAt) },
          { label: 'Updated', value: formatDateTime(character.updatedAt) },
        ]}
      />
      <AccessDetails worldId={character.worldId} entity={character} />
      <ConnectionsPanel worldId={character.worldId} here={{ type: 'character', id: character.characterId }} hereName={character.name} />
      <MentionedIn worldId={character.worldId} type="character" id={character.characterId} />
      <section aria-labelledby="character-attributes">
        <h2 id="character-attributes" className="h5">
          Attributes
        </h2>
        {core.length === 0 && groups.length === 0 && <p className="text-body-secondary mb-0">{MESSAGES.noAttributes}</p>}
        {core.length > 0 && (
          <Card className="mb-3">
            <Card.Header as="h3" className="h6 mb-0">
              Core Attributes
            </Card.Header>
            <Card.Body className="py-2">
              <AttributeRows entries={core} caption="Core attributes" />
            </Card.Body>
          </Card>
        )}
        {groups.length > 0 && (
          <Row xs={1} md={2} className="g-3">
            {groups.map((group) => (
              <Col key={group.name}>
                <Card className="h-100">
                  <Card.Header as="h3" className="h6 mb-0 text-break">
                    {group.name}
                  </Card.Header>
                  <Card.Body className="py-2">
                    {group.entries.length === 0 ? (
                      <p className="text-body-secondary small mb-0">Empty group.</p>
                    ) : (
                      <AttributeRows entries={group.entries} caption={`${group.name} attributes`} />
                    )}
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </section>
    </div>
  );
}

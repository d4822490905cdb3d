import Badge from 'react-bootstrap/Badge';
import { useMembers } from '../../api/access';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { DetailList, type DetailRow } from '../entity-view/DetailList';
import { RichText } from '../rich-text/RichText';

/** The access fields an entity may carry (absent before the server sends them). */
interface AccessCarrier {
  visibility?: string;
  revealedTo?: readonly string[];
  gmNotes?: string | null;
  gmNotesHtml?: string | null;
  createdBy?: string | null;
  updatedBy?: string | null;
}

/**
 * The sharing part of an entity's detail page (issue 11): "Created by" and "Updated by" as usernames (from
 * the world's members; "a former member" for someone no longer in it), and for editors and the owner only,
 * whether it is a secret, whom it is revealed to, and its GM notes (rich text with mentions when they have it).
 * Renders nothing when the entity carries
 * none of these fields.
 * @param entity any entity of the world; @param worldId its world.
 */
export function AccessDetails({ worldId, entity }: { worldId: string; entity: object | null | undefined }) {
  const carrier = (entity ?? {}) as AccessCarrier;
  const hasFields = ['visibility', 'gmNotes', 'createdBy', 'updatedBy'].some((name) => name in carrier);
  return hasFields ? <AccessRows worldId={worldId} carrier={carrier} /> : null;
}

function AccessRows({ worldId, carrier }: { worldId: string; carrier: AccessCarrier }) {
  const access = useWorldAccess(worldId);
  const members = useMembers(worldId);
  const nameOf = (userId: string | null | undefined) => {
    if (!userId) return null;
    return members.data?.find((member) => member.userId === userId)?.username ?? (members.isPending ? '…' : 'a former member');
  };
  const rows: DetailRow[] = [];
  if (access.isEditor && access.role) {
    const secret = carrier.visibility === 'editors';
    const revealed = (carrier.revealedTo ?? [])
      .map((userId) => nameOf(userId))
      .filter(Boolean)
      .join(', ');
    rows.push({
      label: 'Visibility',
      value: secret ? (
        <>
          <Badge bg="dark" className="me-2">
            Secret
          </Badge>
          Editors only
        </>
      ) : (
        'Everyone in the world'
      ),
    });
    if (secret) rows.push({ label: 'Revealed to', value: revealed || 'Nobody' });
    rows.push({
      label: 'GM notes',
      value: carrier.gmNotesHtml ? <RichText worldId={worldId} html={carrier.gmNotesHtml} /> : carrier.gmNotes,
    });
  }
  rows.push({ label: 'Created by', value: nameOf(carrier.createdBy) });
  rows.push({ label: 'Updated by', value: nameOf(carrier.updatedBy) });
  return (
    <section aria-label="Sharing" className="mt-3">
      <DetailList rows={rows} />
    </section>
  );
}

import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { Character } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../../api/client';
import { useRelationship, useRelationshipMutations } from '../../../api/relationships';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { DetailList } from '../../../components/entity-view/DetailList';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { formatDateTime } from '../../../lib/format';
import { ScoreMeter } from './ScoreMeter';
import { communicationStyleLabel, relationshipTypeLabel } from '../../../lib/relationship-labels';
import { RichText } from '../../../components/rich-text/RichText';
import { TagEditor } from '../../../components/tags/TagEditor';
import { useWorldAccess } from '../../../hooks/useWorldAccess';

/**
 * relationships/:relationshipId (SPEC §2, §3 Relationship): who it points at (linked), the type, the three
 * scores as meters, the texts and its tags, with Edit and Delete for editors and the owner (asks first,
 * irreversible). Load failure:
 * 'Failed to load relationship data. Please try again.'
 * @param worldId the world; @param character the relationship's owner.
 */
export function RelationshipViewScreen({ worldId, character }: { worldId: string; character: Character }) {
  const { relationshipId = '' } = useParams();
  const navigate = useNavigate();
  const query = useRelationship(worldId, character.characterId, relationshipId);
  const { remove } = useRelationshipMutations(worldId, character.characterId);
  const [deleting, setDeleting] = useState(false);
  const access = useWorldAccess(worldId);
  const base = `/worlds/${worldId}/characters/${character.characterId}/relationships`;

  if (query.isPending) return <LoadingSpinner label="Loading relationship..." />;
  if (query.isError) {
    return (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load relationship data. Please try again.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  }
  const r = query.data;
  return (
    <EntityPanel
      title={
        <>
          {character.name} <span className="text-body-secondary fw-normal">→</span> {r.targetCharacterName}{' '}
          <Badge bg="info" text="dark">
            {relationshipTypeLabel(r.relationshipType)}
          </Badge>
        </>
      }
      actions={
        <>
          <Link to={base} className="btn btn-outline-secondary">
            Back
          </Link>
          {access.isEditor && (
            <>
              <Link to={`${base}/${r.relationshipId}/edit`} className="btn btn-outline-primary">
                Edit
              </Link>
              <Button variant="outline-danger" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          )}
        </>
      }
    >
      <DetailList
        rows={[
          {
            label: 'Related Character',
            value: <Link to={`/worlds/${worldId}/characters/${r.targetCharacterId}`}>{r.targetCharacterName}</Link>,
          },
          { label: 'Relationship Type', value: relationshipTypeLabel(r.relationshipType) },
          { label: 'Affinity', value: <ScoreMeter label="Affinity" value={r.affinity} /> },
          { label: 'Power Balance', value: <ScoreMeter label="Power Balance" value={r.powerBalance} /> },
          { label: 'Trust Level', value: <ScoreMeter label="Trust Level" value={r.trustLevel} /> },
          { label: 'Communication Style', value: communicationStyleLabel(r.communicationStyle) || null },
          { label: 'Description', value: r.descriptionHtml ? <RichText worldId={worldId} html={r.descriptionHtml} /> : null },
          { label: 'Past Interactions', value: r.pastInteractions },
          { label: 'Current Goal Alignment', value: r.currentGoalAlignment },
          { label: 'Dependence Level', value: r.dependenceLevel },
          { label: 'Created', value: formatDateTime(r.createdAt) },
        ]}
      />
      <section className="mt-3" aria-label="Tags">
        <TagEditor worldId={worldId} type="relationship" id={r.relationshipId} />
      </section>
      <ConfirmDeleteModal
        show={deleting}
        entityType="relationship"
        entityName={`${relationshipTypeLabel(r.relationshipType)}: ${r.targetCharacterName}`}
        failureFallback="Failed to delete relationship. Please try again."
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(r.relationshipId);
          setDeleting(false);
          void navigate(base, { replace: true });
        }}
      />
    </EntityPanel>
  );
}

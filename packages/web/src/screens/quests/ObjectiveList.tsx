import { useId, useState, type SyntheticEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { ObjectiveCreateSchema, type Objective, type Quest } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import type { useQuestActions } from '../../api/quests';
import { ObjectiveEditModal } from './ObjectiveEditModal';
import { ProgressMeter } from './ProgressMeter';
import { issueMessages, numberInput, type FieldMessages } from '../maps/feature-form';

/** Props of {@link ObjectiveList}. */
export interface ObjectiveListProps {
  quest: Quest;
  actions: ReturnType<typeof useQuestActions>;
  /** Receives the server's message of a failed action (e.g. a 409 on a quest that is not active). */
  onError: (message: string | null) => void;
  /** Whether the reader adds, edits and deletes objectives (editors and the owner); default true. */
  canManage?: boolean;
  /** Whether the reader may record progress (editors; a player whose character holds the quest); default true. */
  mayProgress?: boolean;
}

/**
 * A quest's objectives with progress bars, −1/+1 progress buttons (only while the quest is active, as the server
 * records progress only then: otherwise they are disabled with a hint to accept the quest; a failure shows the
 * server's message), edit in a dialog, delete after confirmation (sending the loaded version, so an objective someone
 * else changed meanwhile is not deleted unseen), and a form to add one (description, target ≥ 1).
 * Without `canManage` the edit, delete and add controls are not shown; without `mayProgress` neither are the
 * progress buttons (issue 11: a viewer reads; a player ticks only the quests their character holds).
 */
export function ObjectiveList({ quest, actions, onError, canManage = true, mayProgress = true }: ObjectiveListProps) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [target, setTarget] = useState('1');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [deleting, setDeleting] = useState<Objective | null>(null);
  const [editing, setEditing] = useState<Objective | null>(null);
  const canProgress = quest.status === 'active';

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    onError(null);
    try {
      await action();
    } catch (error) {
      onError(handleError(error, fallback));
    }
  };

  const handleAdd = async (e: SyntheticEvent) => {
    e.preventDefault();
    const parsed = ObjectiveCreateSchema.safeParse({ description, target: numberInput(target) });
    if (!parsed.success) {
      setErrors(issueMessages(parsed.error));
      return;
    }
    setErrors({});
    await run(async () => {
      await actions.addObjective.mutateAsync(parsed.data);
      setDescription('');
      setTarget('1');
    }, 'Failed to save. Please try again.');
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        Objectives
      </h2>
      {mayProgress && !canProgress && quest.objectives.length > 0 && (
        <p className="small text-body-secondary" id={`${id}-progress-hint`}>
          {quest.status === 'pending'
            ? 'Progress is recorded while the quest is active: accept the quest to move its objectives on.'
            : 'Progress is recorded only while the quest is active.'}
        </p>
      )}
      {quest.objectives.length === 0 ? (
        <p className="text-body-secondary">No objectives yet.</p>
      ) : (
        <ListGroup as="ul" className="mb-3">
          {quest.objectives.map((o) => (
            <ListGroup.Item as="li" key={o.objectiveId}>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <span className="me-auto">
                  {o.description}
                  {o.isOptional && <span className="badge text-bg-light ms-2">Optional</span>}
                  {o.completed && <span className="badge text-bg-success ms-2">Done</span>}
                </span>
                {mayProgress && (
                  <>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={`Decrease progress of ${o.description}`}
                      disabled={!canProgress || o.progress <= 0 || actions.progress.isPending}
                      aria-describedby={canProgress ? undefined : `${id}-progress-hint`}
                      onClick={() =>
                        void run(
                          () => actions.progress.mutateAsync({ objectiveId: o.objectiveId, increment: -1 }),
                          'An unexpected error occurred.',
                        )
                      }
                    >
                      −1
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      aria-label={`Increase progress of ${o.description}`}
                      disabled={!canProgress || o.progress >= o.target || actions.progress.isPending}
                      aria-describedby={canProgress ? undefined : `${id}-progress-hint`}
                      onClick={() =>
                        void run(
                          () => actions.progress.mutateAsync({ objectiveId: o.objectiveId, increment: 1 }),
                          'An unexpected error occurred.',
                        )
                      }
                    >
                      +1
                    </Button>
                  </>
                )}
                {canManage && (
                  <>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={`Edit objective ${o.description}`}
                      onClick={() => setEditing(o)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Delete objective ${o.description}`}
                      onClick={() => setDeleting(o)}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </div>
              <ProgressMeter
                now={o.progress}
                max={o.target}
                variant={o.completed ? 'success' : 'primary'}
                text={`${o.progress}/${o.target}`}
                label={`Progress of ${o.description}: ${o.progress} of ${o.target}`}
              />
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <ObjectiveEditModal objective={editing} actions={actions} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        show={deleting !== null}
        entityType="objective"
        entityName={deleting?.description}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await actions.removeObjective.mutateAsync({ objectiveId: deleting.objectiveId, version: deleting.updatedAt });
          setDeleting(null);
        }}
      />
      {canManage && (
        <Form noValidate onSubmit={(e) => void handleAdd(e)} className="row g-2 align-items-start">
          <Form.Group className="col-sm-7" controlId={`${id}-description`}>
            <Form.Label className="small mb-1">New objective</Form.Label>
            <Form.Control
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              isInvalid={Boolean(errors.description)}
              placeholder="e.g. Collect 5 moonstones"
            />
            {errors.description && <div className="invalid-feedback d-block">{errors.description}</div>}
          </Form.Group>
          <Form.Group className="col-sm-2" controlId={`${id}-target`}>
            <Form.Label className="small mb-1">Target</Form.Label>
            <Form.Control
              inputMode="numeric"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              isInvalid={Boolean(errors.target)}
            />
            {errors.target && <div className="invalid-feedback d-block">{errors.target}</div>}
          </Form.Group>
          <div className="col-sm-3 d-flex align-items-end" style={{ paddingTop: '1.6rem' }}>
            <Button type="submit" variant="outline-primary" className="w-100" disabled={actions.addObjective.isPending}>
              Add objective
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

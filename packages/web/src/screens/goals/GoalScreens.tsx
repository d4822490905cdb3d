/*
 * World goals (SPEC §2 "Goals", §3 Goal, §4 statuses, §5 Goal): goals that belong to the world rather than
 * to one character. A character's goals live under the character screen (routes/character-routes.tsx).
 */
import { useLocation, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { goalsResource } from '../../api/goals';
import { GoalFormScreen } from './goal-form/GoalFormScreen';
import { GoalViewScreen } from './goal-view/GoalViewScreen';

/**
 * /worlds/:worldId/goals/create, /goals/:goalId and /goals/:goalId/edit: the world's own goals
 * (`/worlds/{w}/goals`). The create and edit URLs show the goal form, the bare id its view.
 */
export function GoalScreen() {
  const { worldId = '', goalId } = useParams();
  const { pathname } = useLocation();
  const resource = goalsResource(worldId);
  const worldPath = `/worlds/${worldId}`;
  const view = (id: string) => `${worldPath}/goals/${id}`;
  const showForm = !goalId || /\/edit\/?$/.test(pathname);
  return (
    <Container className="py-4" style={{ maxWidth: 900 }}>
      <div className="lf-panel">
        {showForm ? (
          <GoalFormScreen resource={resource} listPath={worldPath} viewPath={view} />
        ) : (
          <GoalViewScreen resource={resource} listPath={worldPath} editPath={(id) => `${view(id)}/edit`} />
        )}
      </div>
    </Container>
  );
}

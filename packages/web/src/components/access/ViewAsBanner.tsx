import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { setViewAs, useViewAs } from '../../session/view-as-store';
import { ROLE_LABELS } from './RoleBadge';

/**
 * The banner on every page of a world viewed as one of its members (issue 11 "view as player"): who, and a
 * button back to one's own view, which drops every cached answer so nothing seen as the member lingers.
 */
export function ViewAsBanner() {
  const viewAs = useViewAs();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  if (!viewAs || !pathname.startsWith(`/worlds/${viewAs.worldId}`)) return null;
  const back = () => {
    setViewAs(null);
    void queryClient.resetQueries();
  };
  return (
    <Container className="pt-3">
      <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0" role="status">
        <span className="me-auto">
          Viewing as <strong>{viewAs.username}</strong> ({ROLE_LABELS[viewAs.role].toLowerCase()}): secrets and GM notes are hidden, exactly
          as they see this world.
        </span>
        <Button size="sm" variant="dark" onClick={back}>
          Back to my view
        </Button>
      </Alert>
    </Container>
  );
}

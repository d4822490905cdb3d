import { Link, useParams } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

/** Props of {@link StubScreen}. */
export interface StubScreenProps {
  /** Heading, e.g. 'Timelines'. */
  title: string;
  /** What the finished screen will do (SPEC reference included). */
  purpose: string;
  /** Render without the page container (inside the world tabs). */
  embedded?: boolean;
}

/**
 * Placeholder for a screen whose route exists but whose content is still to be built. Shows what will be
 * here and a way back to the world, so a visitor never meets a blank page.
 */
export function StubScreen({ title, purpose, embedded = false }: StubScreenProps) {
  const { worldId } = useParams();
  const body = (
    <Card className="lf-card" data-testid="stub-screen">
      <Card.Body className="p-4">
        <h2 className="h4">{title}</h2>
        <p className="text-body-secondary mb-3">{purpose}</p>
        <p className="mb-0 small">
          This part of Loreforge is on its way.{' '}
          {worldId ? <Link to={`/worlds/${worldId}`}>Back to the world overview</Link> : <Link to="/">Back to your worlds</Link>}
        </p>
      </Card.Body>
    </Card>
  );
  return embedded ? body : <Container className="py-4">{body}</Container>;
}

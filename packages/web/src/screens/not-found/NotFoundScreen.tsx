import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

/** Any unknown address: says so and offers the way home. */
export function NotFoundScreen() {
  return (
    <Container className="py-5">
      <Card className="mx-auto lf-card" style={{ maxWidth: 560 }}>
        <Card.Body className="text-center p-4">
          <h1 className="h3">Page not found</h1>
          <p className="text-body-secondary">There is no page at this address. It may have moved, or the link may be mistyped.</p>
          <Link to="/" className="btn btn-primary">
            Go home
          </Link>
        </Card.Body>
      </Card>
    </Container>
  );
}

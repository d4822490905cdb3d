import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import Container from 'react-bootstrap/Container';
import Card from 'react-bootstrap/Card';

/**
 * Shown when a route fails to load or render (including a chunk that failed to download), with a way home
 * instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound
    ? 'There is no page at this address.'
    : error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message)
      ? 'A new version of Loreforge may have been released. Reload the page to continue.'
      : 'Something went wrong while showing this page.';
  return (
    <Container className="py-5">
      <Card className="mx-auto lf-card" style={{ maxWidth: 560 }}>
        <Card.Body className="text-center p-4">
          <h1 className="h3">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
          <p className="text-body-secondary">{message}</p>
          <div className="d-flex justify-content-center gap-2">
            <Link to="/" className="btn btn-primary">
              Go home
            </Link>
            <button type="button" className="btn btn-outline-secondary" onClick={() => window.location.reload()}>
              Reload
            </button>
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}

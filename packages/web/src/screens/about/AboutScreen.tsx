import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';

/** /about (SPEC §2): says this is the Loreforge web client, built with React Bootstrap and Bootstrap. */
export function AboutScreen() {
  return (
    <Container className="py-5">
      <div className="lf-panel mx-auto" style={{ maxWidth: 760 }}>
        <h1 className="h2">About Loreforge</h1>
        <p className="lead">This is the Loreforge web client, built with React Bootstrap and the Bootstrap CSS framework.</p>
        <p>
          Loreforge helps worldbuilders, game masters and developers create worlds and fill them with characters, items, timelines, events,
          maps and quests. Everything you see here talks to the Loreforge JSON API, which you can also call from your own tools.
        </p>
        <p className="mb-0">
          Registration is by invite. <Link to="/request-invite">Request an invite</Link> or{' '}
          <Link to="/register">register with your code</Link>.
        </p>
      </div>
    </Container>
  );
}

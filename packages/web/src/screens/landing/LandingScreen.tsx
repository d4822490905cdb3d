import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { LIMITS } from '@loreforge/contract';
import { AppLink } from '../../components/AppLink';
import { Icon, type IconName } from '../../components/Icon';
import './landing.css';

const PERSONAS: ReadonlyArray<{ title: string; icon: IconName; text: string }> = [
  {
    title: 'Worldbuilders',
    icon: 'world',
    text: 'Keep every continent, culture and law of magic and physics in one place, and watch your world change along its timelines.',
  },
  {
    title: 'Game Masters',
    icon: 'dice',
    text: 'Track characters with their history, goals and inventories, run quests with objectives, and branch the story when players surprise you.',
  },
  {
    title: 'Developers',
    icon: 'code',
    text: 'Everything you create is available through an API-driven backend with documented JSON endpoints, ready for your tools and games.',
  },
];

/**
 * The public landing page (SPEC §2 "Landing page"): hero 'Welcome to Loreforge' with the tagline,
 * 'Get Started' (→ /register) and 'Learn More' (→ #features); the rest is revealed once the page scrolls past
 * 50px or Learn More is clicked; persona cards, 'Craft Your Universe', 'Forge Unforgettable Characters',
 * 'Ready to Build Your World?' with 'Sign Up Now', and the © 2025 footer.
 */
export function LandingScreen() {
  const [revealed, setRevealed] = useState(() => window.location.hash === '#features');

  useEffect(() => {
    if (revealed) return;
    const handleScroll = () => {
      if (window.scrollY > LIMITS.landingRevealScrollPx) setRevealed(true);
    };
    // The first check waits for the next frame: reading the offset forces a layout, which at mount would lengthen
    // the first render's task.
    const frame = window.requestAnimationFrame(handleScroll);
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', handleScroll);
    };
  }, [revealed]);

  const handleLearnMore = useCallback((event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setRevealed(true);
    window.history.replaceState(null, '', '#features');
    // Wait for the reveal to commit, then move focus and view to the features.
    window.requestAnimationFrame(() => {
      const target = document.getElementById('features');
      // Not every browser engine can scroll an element into view (jsdom cannot): focus alone is enough there.
      if (typeof target?.scrollIntoView === 'function') target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      target?.focus({ preventScroll: true });
    });
  }, []);

  return (
    <div className="lf-landing">
      <section className="lf-hero text-center text-white" aria-labelledby="hero-title">
        <Container className="lf-hero-panel">
          <h1 id="hero-title" className="display-3 fw-bold lf-hero-title">
            Welcome to Loreforge
          </h1>
          <p className="lead fs-3 mb-4 lf-hero-tagline">Your world. Your rules. Your story.</p>
          <p className="mx-auto mb-5 lf-hero-intro">
            An engine for worlds: timelines that branch, laws of magic and physics, characters with history, goals and inventories, and an
            API-driven backend behind it all.
          </p>
          <div className="d-flex flex-wrap justify-content-center gap-3">
            <AppLink to="/register" className="btn btn-warning btn-lg px-4 fw-semibold">
              Get Started
            </AppLink>
            <a href="#features" className="btn btn-outline-light btn-lg px-4" onClick={handleLearnMore}>
              Learn More
            </a>
          </div>
        </Container>
      </section>

      <div
        className={`lf-landing-content${revealed ? ' is-revealed' : ''}`}
        data-testid="landing-content"
        data-revealed={revealed}
        inert={!revealed}
        aria-hidden={!revealed}
      >
        <section id="features" tabIndex={-1} className="py-5" aria-labelledby="features-title">
          <Container>
            <h2 id="features-title" className="text-center text-white mb-4 lf-page-title">
              Built for every storyteller
            </h2>
            <Row xs={1} md={3} className="g-4">
              {PERSONAS.map((persona) => (
                <Col key={persona.title}>
                  <Card className="h-100 lf-card text-center">
                    <Card.Body className="p-4">
                      <div className="mb-3 text-primary">
                        <Icon name={persona.icon} size={44} />
                      </div>
                      <Card.Title as="h3" className="h5">
                        {persona.title}
                      </Card.Title>
                      <Card.Text className="text-body-secondary">{persona.text}</Card.Text>
                    </Card.Body>
                  </Card>
                </Col>
              ))}
            </Row>
          </Container>
        </section>

        <section className="py-5" aria-labelledby="craft-title">
          <Container>
            <div className="lf-panel">
              <Row className="align-items-center g-4">
                <Col md={7}>
                  <h2 id="craft-title">Craft Your Universe</h2>
                  <p className="lead">Start with a world, then give it shape.</p>
                  <ul className="lf-check-list">
                    <li>Timelines with events, including branches where history could have gone another way.</li>
                    <li>Laws of magic and physics recorded as properties and attributes you define.</li>
                    <li>Maps with your own artwork, points of interest and regions.</li>
                    <li>Items, quests and the connections that tie everything together.</li>
                  </ul>
                </Col>
                <Col md={5} className="text-center" aria-hidden="true">
                  <Icon name="world" size={160} className="lf-illustration text-primary" />
                </Col>
              </Row>
            </div>
          </Container>
        </section>

        <section className="py-5" aria-labelledby="characters-title">
          <Container>
            <div className="lf-panel">
              <Row className="align-items-center g-4 flex-md-row-reverse">
                <Col md={7}>
                  <h2 id="characters-title">Forge Unforgettable Characters</h2>
                  <p className="lead">People who remember, want and carry things.</p>
                  <ul className="lf-check-list">
                    <li>A history told by the events that changed them.</li>
                    <li>Goals with type, status and target dates.</li>
                    <li>Inventories of items, equipped or stowed away.</li>
                    <li>Relationships with affinity, trust and power balance.</li>
                  </ul>
                </Col>
                <Col md={5} className="text-center" aria-hidden="true">
                  <Icon name="character" size={160} className="lf-illustration text-warning" />
                </Col>
              </Row>
            </div>
          </Container>
        </section>

        <section className="py-5 text-center" aria-labelledby="cta-title">
          <Container>
            <div className="lf-panel lf-cta">
              <h2 id="cta-title">Ready to Build Your World?</h2>
              <p className="lead mb-4">Loreforge is invite only. Have a code? Sign up. Need one? Ask for an invite.</p>
              <div className="d-flex flex-wrap justify-content-center gap-3">
                <AppLink to="/register" className="btn btn-primary btn-lg px-4">
                  Sign Up Now
                </AppLink>
                <AppLink to="/request-invite" className="btn btn-outline-primary btn-lg px-4">
                  Request an Invite
                </AppLink>
              </div>
            </div>
          </Container>
        </section>
      </div>

      <footer className="lf-footer text-center py-4">
        <Container>
          <small>© {LIMITS.copyrightYear} Loreforge. All rights reserved.</small>
        </Container>
      </footer>
    </div>
  );
}

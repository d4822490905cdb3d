import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useAuth } from '../../hooks/useAuth';
import { useNavbarVisibility } from '../../hooks/useNavbarVisibility';
import type { LoginRedirectState } from '../RequireAuth';
import { WorldSearchBox } from '../search/WorldSearchBox';

/**
 * The fixed top navbar (SPEC §2 "Header"): brand 'Loreforge' linking to /, hidden on scroll down and shown on
 * scroll up or near the top; signed in it shows 'Signed in as: {username or email}' and 'Sign out' (logs out,
 * goes to /login); signed out it shows Login and Register. Its links to /login (Login, and 'Session expired'
 * after a 401) remember the current page, so signing in returns there (SPEC §2 /login); inside a world, Quests
 * opens that world's quests and a search box opens the world's command palette (Ctrl-K).
 */
export function AppNavbar() {
  const { user, hasToken, logout } = useAuth();
  const navigate = useNavigate();
  const visible = useNavbarVisibility();
  const location = useLocation();
  const onAuthPage = location.pathname === '/login' || location.pathname === '/register';
  // Inside a world, Quests opens that world's quests (the global list keeps the choice in ?worldId=).
  const currentWorldId = /^\/worlds\/([0-9a-f-]{36})(\/|$)/i.exec(location.pathname)?.[1];
  const loginState: LoginRedirectState | undefined = onAuthPage
    ? undefined
    : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };

  const handleSignOut = () => {
    logout();
    void navigate('/login');
  };

  return (
    <Navbar
      expand="md"
      fixed="top"
      variant="dark"
      className={`lf-navbar${visible ? '' : ' lf-navbar--hidden'}`}
      data-visible={visible}
      as="header"
      // React Bootstrap gives a non-nav navbar role="navigation", which a <header> may not take; the links inside
      // are the "Main" navigation landmark, so the header keeps its own role, the page's banner.
      role="banner"
    >
      <Container>
        <Navbar.Brand as={Link} to="/" className="fw-bold lf-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} className="me-2 align-text-top rounded" />
          Loreforge
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" />
        <Navbar.Collapse id="main-nav">
          <Nav as="nav" aria-label="Main" className="me-auto">
            {user && (
              <Nav.Link as={NavLink} to="/" end>
                My Worlds
              </Nav.Link>
            )}
            {user && (
              <Nav.Link as={NavLink} to={currentWorldId ? `/quests?worldId=${currentWorldId}` : '/quests'}>
                Quests
              </Nav.Link>
            )}
            <Nav.Link as={NavLink} to="/about">
              About
            </Nav.Link>
          </Nav>
          {user && currentWorldId && <WorldSearchBox worldId={currentWorldId} />}
          {user ? (
            <div className="d-flex flex-column flex-md-row align-items-md-center gap-2">
              {!hasToken && (
                <Link to="/login" state={loginState} className="badge text-bg-warning text-decoration-none">
                  Session expired: sign in again
                </Link>
              )}
              <Navbar.Text className="text-light">
                Signed in as: <strong>{user.username || user.email}</strong>
              </Navbar.Text>
              <Button variant="outline-light" size="sm" onClick={handleSignOut}>
                Sign out
              </Button>
            </div>
          ) : (
            <Nav className="gap-md-2">
              <Nav.Link as={NavLink} to="/login" state={loginState}>
                Login
              </Nav.Link>
              <Link to="/register" className="btn btn-warning btn-sm align-self-md-center">
                Register
              </Link>
            </Nav>
          )}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

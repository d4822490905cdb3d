import { useState } from 'react';
import { AppLink } from '../../components/AppLink';
import { SkyBackground } from '../../components/sky/SkyBackground';
import { useNavbarVisibility } from '../../hooks/useNavbarVisibility';
import { LandingScreen } from './LandingScreen';

/**
 * The landing page as a signed-out visitor's first page shows it, before the app is loaded: the page frame of
 * AppLayout (skip link, sky, the navbar as AppNavbar draws it signed out: brand, About, Login, Register) around
 * LandingScreen, without the router or the data layer. Its links start the app (AppNavigateContext).
 */
export function LandingPage() {
  const visible = useNavbarVisibility();
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <a href="#main" className="visually-hidden-focusable lf-skip-link">
        Skip to content
      </a>
      <SkyBackground />
      <header
        className={`lf-navbar${visible ? '' : ' lf-navbar--hidden'} navbar navbar-expand-md navbar-dark fixed-top`}
        data-visible={visible}
        role="banner"
      >
        <div className="container">
          <AppLink to="/" className="fw-bold lf-brand navbar-brand">
            <img src="/favicon.svg" alt="" width={28} height={28} className="me-2 align-text-top rounded" />
            Loreforge
          </AppLink>
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="main-nav"
            aria-expanded={expanded}
            aria-label="Toggle navigation"
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="main-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <nav aria-label="Main" className="me-auto navbar-nav">
              <AppLink to="/about" className="nav-link">
                About
              </AppLink>
            </nav>
            <div className="gap-md-2 navbar-nav">
              <AppLink to="/login" className="nav-link">
                Login
              </AppLink>
              <AppLink to="/register" className="btn btn-warning btn-sm align-self-md-center">
                Register
              </AppLink>
            </div>
          </div>
        </div>
      </header>
      <div className="lf-below-navbar">
        <main id="main" tabIndex={-1} className="lf-main">
          <LandingScreen />
        </main>
      </div>
    </>
  );
}

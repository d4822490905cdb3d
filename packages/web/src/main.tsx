import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { getToken } from './session/session-store';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A signed-out visitor's first page is the landing page, which needs neither the router nor the data layer: it
// loads as its own small bundle and starts the app only when the visitor follows one of its links. Starting in
// the next task, not the one that evaluates this bundle, gives a slow phone two shorter tasks.
setTimeout(() => {
  if (window.location.pathname === '/' && getToken() === null) {
    void import('./screens/landing/landing-entry').then(({ startLanding }) => startLanding(root));
  } else {
    void import('./app-entry').then(({ startApp }) => startApp(root));
  }
}, 0);

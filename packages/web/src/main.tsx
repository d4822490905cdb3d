import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { getToken } from './session/session-store';
import { startFirstScreen } from './first-screen';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A signed-out visitor's first page is the landing page, which needs neither the router nor the data layer: it
// loads as its own small bundle and starts the app only when the visitor follows one of its links. The bundle is
// asked for at once; it starts in the task after the one that evaluates it, so a slow phone runs two shorter
// tasks instead of one long one.
const landing = window.location.pathname === '/' && getToken() === null;
const later = (start: () => void) => void setTimeout(start, 0);
if (landing) void import('./screens/landing/landing-entry').then(({ startLanding }) => later(() => startLanding(root)));
else {
  void import('./app-entry').then(({ startApp }) => later(() => startApp(root)));
  // A signed-in first page asks for its screen's chunks and data now, not after the app bundle has run.
  startFirstScreen(window.location.pathname, getToken());
}

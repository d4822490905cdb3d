import { lazy } from 'react';
import { useAuth } from '../../hooks/useAuth';

const LandingScreen = lazy(() => import('../landing/LandingScreen').then((m) => ({ default: m.LandingScreen })));
const WorldsHome = lazy(() => import('./WorldsHome').then((m) => ({ default: m.WorldsHome })));

/** / (SPEC §1, §2): the landing page when signed out, the user's worlds when signed in. */
export function HomeScreen() {
  const { user } = useAuth();
  return user ? <WorldsHome /> : <LandingScreen />;
}

import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../test/render';
import { LandingScreen } from './LandingScreen';

function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('LandingScreen (SPEC §2 Landing page)', () => {
  it('greets with the hero, tagline and the two calls to action', () => {
    renderRoutes(<LandingScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Loreforge' })).toBeInTheDocument();
    expect(screen.getByText('Your world. Your rules. Your story.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '#features');
    expect(screen.getByText(/© 2025 Loreforge/)).toBeInTheDocument();
  });

  it('keeps the content hidden until the page scrolls past 50px', () => {
    setScroll(0);
    renderRoutes(<LandingScreen />);
    const content = screen.getByTestId('landing-content');
    expect(content).toHaveAttribute('data-revealed', 'false');
    expect(screen.queryByRole('heading', { name: 'Craft Your Universe' })).toBeNull();
    setScroll(50);
    expect(content).toHaveAttribute('data-revealed', 'false');
    setScroll(51);
    expect(content).toHaveAttribute('data-revealed', 'true');
    expect(screen.getByRole('heading', { name: 'Craft Your Universe' })).toBeInTheDocument();
    setScroll(0);
  });

  it('reveals the personas, sections and sign-up on Learn More', async () => {
    const user = userEvent.setup();
    setScroll(0);
    renderRoutes(<LandingScreen />);
    await user.click(screen.getByRole('link', { name: 'Learn More' }));
    for (const name of [
      'Worldbuilders',
      'Game Masters',
      'Developers',
      'Craft Your Universe',
      'Forge Unforgettable Characters',
      'Ready to Build Your World?',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/register');
    expect(screen.getByText(/laws of magic and physics/)).toBeInTheDocument();
  });
});

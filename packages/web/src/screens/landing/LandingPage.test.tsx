import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppNavigateContext } from '../../components/AppLink';
import { LandingPage } from './LandingPage';

describe('LandingPage, the landing page before the app is loaded (SPEC §2 Landing page, Header)', () => {
  const renderPage = () => {
    const navigate = vi.fn<(to: string) => void>();
    render(
      <AppNavigateContext.Provider value={navigate}>
        <LandingPage />
      </AppNavigateContext.Provider>,
    );
    return navigate;
  };

  it('shows the signed-out header (brand, About, Login, Register) above the hero', () => {
    renderPage();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Loreforge' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(banner).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Welcome to Loreforge' }));
  });

  it('starts the app at the path a link names, and leaves a modified click to the browser', async () => {
    const user = userEvent.setup();
    const navigate = renderPage();
    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(navigate).toHaveBeenCalledWith('/register');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    expect(navigate).toHaveBeenLastCalledWith('/login');
    navigate.mockClear();
    const about = screen.getByRole('link', { name: 'About' });
    about.addEventListener('click', (event) => event.preventDefault());
    await user.keyboard('{Control>}');
    await user.click(about);
    await user.keyboard('{/Control}');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens and closes the collapsed menu with its toggle', async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-nav')).toHaveClass('show');
    await user.click(toggle);
    expect(document.getElementById('main-nav')).not.toHaveClass('show');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuButton } from './MenuButton';

const choices = (onSelect: (key: string) => void) =>
  ['bundle', 'vault'].map((key) => ({ key, label: `Choice ${key}`, onSelect: () => onSelect(key) }));

describe('MenuButton', () => {
  it('opens its menu on the first click, with the toggle focused, and runs the chosen item', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<MenuButton id="export-menu" label="Export" variant="light" header="Formats" choices={choices(onSelect)} />);

    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveClass('btn-light', 'dropdown-toggle');
    await user.click(button);

    expect(await screen.findByRole('button', { name: 'Choice vault' })).toBeVisible();
    expect(screen.getByText('Formats')).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Export' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Choice vault' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('vault');
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens from the keyboard as well', async () => {
    const user = userEvent.setup();
    render(<MenuButton id="view-as" label="View as player" variant="outline-light" choices={choices(vi.fn())} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'View as player' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Choice bundle' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'View as player' })).toHaveFocus();
  });

  it('cannot be opened while disabled', async () => {
    const user = userEvent.setup();
    render(<MenuButton id="busy" label="Export" variant="light" disabled choices={choices(vi.fn())} />);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.queryByRole('button', { name: 'Choice bundle' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });
});

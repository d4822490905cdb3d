import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SkyBackground } from './SkyBackground';

describe('SkyBackground (SPEC §1, §9)', () => {
  it('draws 150 stars in three twinkle groups that show at night, and a hidden sun', async () => {
    render(<SkyBackground now={new Date(2025, 0, 1, 23, 0)} />);
    const groups = await screen.findAllByTestId('sky-star-group');
    expect(groups).toHaveLength(3);
    expect(groups.reduce((sum, group) => sum + Number(group.dataset.starCount), 0)).toBe(150);
    for (const group of groups) expect(Number(group.dataset.starCount)).toBeGreaterThan(0);
    expect(screen.getByTestId('sky')).toHaveAttribute('data-phase', 'night');
    expect(screen.getByTestId('sky-layer-night')).toHaveStyle({ opacity: '1' });
    expect(screen.getByTestId('sky-sun')).toHaveStyle({ opacity: '0' });
  });

  it('cross-fades sunrise halfway over an opaque night at 06:00', () => {
    render(<SkyBackground now={new Date(2025, 0, 1, 6, 0)} />);
    expect(screen.getByTestId('sky-layer-night')).toHaveStyle({ opacity: '1', zIndex: '1' });
    expect(screen.getByTestId('sky-layer-sunrise')).toHaveStyle({ opacity: '0.5', zIndex: '2' });
    expect(screen.getByTestId('sky-layer-day')).toHaveStyle({ opacity: '0' });
  });

  it('uses 5 second transitions', () => {
    render(<SkyBackground now={new Date(2025, 0, 1, 12, 0)} />);
    expect(screen.getByTestId('sky').style.getPropertyValue('--sky-transition')).toBe('5000ms');
  });
});

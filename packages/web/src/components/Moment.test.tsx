import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Moment } from './Moment';

describe('Moment (issue 12: dates in the world’s own calendar)', () => {
  it('shows a Gregorian moment formatted, with its machine date on a time element', () => {
    render(<Moment dateTime="2025-03-14T09:30:00" formatted={null} className="small" />);
    const shown = screen.getByText('14 Mar 2025, 09:30');
    expect(shown.tagName).toBe('TIME');
    expect(shown).toHaveAttribute('datetime', '2025-03-14T09:30:00');
    expect(shown).toHaveClass('small');
  });

  it('shows a calendar moment in its own words, not as a time element it would not parse as', () => {
    render(<Moment dateTime={null} formatted="10th of Gillikin, 40 YW, 12:00" />);
    const shown = screen.getByText('10th of Gillikin, 40 YW, 12:00');
    expect(shown.tagName).toBe('SPAN');
    expect(shown).not.toHaveAttribute('datetime');
  });
});

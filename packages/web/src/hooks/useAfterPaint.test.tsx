import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './useAfterPaint';

describe('useAfterPaint', () => {
  it('stays false while the main content is not ready, however many frames pass', async () => {
    const { result } = renderHook(() => useAfterPaint(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBe(false);
  });

  it('turns true only after a frame has followed readiness, then stays true', async () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });
    rerender({ ready: true });
    // Not in the render that made the content ready: that render is the one to paint first.
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});

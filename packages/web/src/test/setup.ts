import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom does not scroll: lists that follow the page's scroll (the timeline) call window.scrollTo, which it only logs.
window.scrollTo = () => undefined;

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom does not scroll: lists that follow the page's scroll (the timeline) call window.scrollTo, which it only logs.
window.scrollTo = () => undefined;

// jsdom lays nothing out: the rich text editor (ProseMirror) asks where the selection is drawn while typing.
const noRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
document.elementFromPoint = () => null;

import { lazyWithSpinner } from '../lazy-with-spinner';

/**
 * The quick-create form (SPEC §1 "quick-create popover"), loaded when it is first shown: it brings the form
 * library, zod, the calendar date field and the rich-text editor, which a page showing a list or a world's counts
 * does not need to become interactive. A spinner stands in while it loads. Props as `QuickCreateFormProps`.
 */
export const LazyQuickCreateForm = lazyWithSpinner(async () => (await import('./QuickCreateForm')).QuickCreateForm);

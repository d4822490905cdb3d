/** The access fields of an entity everyone may see, as the API answers them, for building test fixtures. */
import type { AccessFields } from '@loreforge/contract';

export const PUBLIC_ACCESS: AccessFields = {
  visibility: 'everyone',
  revealedTo: [],
  gmNotes: null,
  gmNotesHtml: null,
  createdBy: null,
  updatedBy: null,
};

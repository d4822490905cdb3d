/**
 * A member's own notes (issue 11): GET/POST /worlds/{w}/notes and PUT/DELETE /worlds/{w}/notes/{noteId}. Only
 * their author reads them; each write refreshes the notes of the world.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Note, NoteTargetType, Pagination } from '@loreforge/contract';
import { api } from './client';
import { notesResource } from './registry';

const notesPath = (worldId: string) => notesResource(worldId).path;

/** Query key of the notes of one target (or every note of the world with no target). */
export const notesKey = (worldId: string, entityType?: NoteTargetType, entityId?: string) => [
  'worlds',
  worldId,
  'notes',
  ...(entityType ? [entityType] : []),
  ...(entityId ? [entityId] : []),
];

/** Most notes shown on one target: a member's notes per world are bounded by the server. */
const NOTES_PAGE = 1000;

/**
 * The signed-in member's notes on one target, newest first.
 * @param entityId the entity's id; for the world itself, the world's id.
 */
export function useNotes(worldId: string, entityType: NoteTargetType, entityId: string, enabled = true) {
  return useQuery({
    queryKey: notesKey(worldId, entityType, entityId),
    queryFn: ({ signal }) =>
      api.get<{ data: Note[]; pagination: Pagination }>(notesPath(worldId), {
        query: { entityType, ...(entityType === 'world' ? {} : { entityId }), limit: NOTES_PAGE, sortBy: 'createdAt', sortOrder: 'desc' },
        signal,
      }),
    enabled: enabled && Boolean(worldId && entityId),
  });
}

/** Add, edit and delete of the member's own notes; each refreshes the world's notes. */
export function useNoteMutations(worldId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: notesKey(worldId) });
  return {
    create: useMutation({
      mutationFn: (input: { entityType: NoteTargetType; entityId?: string; text: string }) => api.post<Note>(notesPath(worldId), input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ note, text }: { note: Note; text: string }) =>
        api.put<Note>(`${notesPath(worldId)}/${encodeURIComponent(note.noteId)}`, { text }, { version: note.updatedAt }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (note: Note) => api.delete(`${notesPath(worldId)}/${encodeURIComponent(note.noteId)}`, { version: note.updatedAt }),
      onSuccess,
    }),
  };
}

/**
 * Shared worlds (issue 11): members, world invitations and joining by link, with their query hooks. Every
 * write refreshes the world's members and invitations, and the worlds home (a role or a world may change).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MemberAddInput,
  type MemberRole,
  type World,
  type WorldInvitation,
  type WorldInvitationCreateInput,
  type WorldInvitationPreview,
  type WorldMember,
  type WorldRole,
  isEditorRole,
} from '@loreforge/contract';
import { api } from './client';
import { toListResult } from './list';
import { invitationsResource, membersResource } from './registry';

const worldPath = (worldId: string) => `/worlds/${encodeURIComponent(worldId)}`;

/** Query keys: under the world's key, so every world-scoped invalidation reaches them too. */
export const accessKeys = {
  members: (worldId: string) => ['worlds', worldId, 'members'] as const,
  invitations: (worldId: string) => ['worlds', worldId, 'invitations'] as const,
  preview: (code: string) => ['world-invitations', code] as const,
};

/** GET /worlds/{worldId}/members: every member with role and username (any member may read it). */
export function useMembers(worldId: string | undefined) {
  return useQuery({
    queryKey: accessKeys.members(worldId ?? ''),
    queryFn: async ({ signal }) =>
      toListResult<WorldMember>(await api.get<unknown>(membersResource(worldId ?? '').path, { query: { limit: 1000 }, signal })).data,
    enabled: Boolean(worldId),
  });
}

/** GET /worlds/{worldId}/invitations (owner only; disabled for others). */
export function useInvitations(worldId: string, enabled: boolean) {
  return useQuery({
    queryKey: accessKeys.invitations(worldId),
    queryFn: async ({ signal }) =>
      toListResult<WorldInvitation>(await api.get<unknown>(invitationsResource(worldId).path, { query: { limit: 1000 }, signal })).data,
    enabled,
  });
}

/**
 * The member and invitation writes of one world: add (username or email + role), change a role, remove or
 * leave (DELETE of one's own membership), transfer ownership, create and revoke invitations. Each throws
 * ApiError with the server's message (e.g. 'No account has that username or email.').
 */
export function useMemberMutations(worldId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['worlds'] });
  const base = worldPath(worldId);
  return {
    add: useMutation({ mutationFn: (input: MemberAddInput) => api.post<WorldMember>(`${base}/members`, input), onSuccess: refresh }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
        api.patch<WorldMember>(`${base}/members/${encodeURIComponent(userId)}`, { role }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => api.delete(`${base}/members/${encodeURIComponent(userId)}`),
      onSuccess: refresh,
    }),
    transfer: useMutation({ mutationFn: (userId: string) => api.post<unknown>(`${base}/transfer`, { userId }), onSuccess: refresh }),
    invite: useMutation({
      mutationFn: (input: WorldInvitationCreateInput) => api.post<WorldInvitation>(`${base}/invitations`, input),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) => api.delete(`${base}/invitations/${encodeURIComponent(invitationId)}`),
      onSuccess: refresh,
    }),
  };
}

/** GET /world-invitations/{code}: the world, its owner and the role offered, before accepting. */
export function useInvitationPreview(code: string) {
  return useQuery({
    queryKey: accessKeys.preview(code),
    queryFn: ({ signal }) => api.get<WorldInvitationPreview>(`/world-invitations/${encodeURIComponent(code)}`, { signal }),
    enabled: Boolean(code),
  });
}

/** POST /world-invitations/{code}/accept: joins the world; refreshes the worlds home. */
export function useAcceptInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`/world-invitations/${encodeURIComponent(code)}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['worlds'] }),
  });
}

/** The link to share for an invitation code: `<origin>/join/<code>`. */
export const invitationLink = (code: string): string => `${window.location.origin}/join/${encodeURIComponent(code)}`;

/**
 * The caller's role in a world as the server reports it (`role` on the world); a world without one is the
 * caller's own (before sharing, every world one could read was one's own).
 */
export function roleOf(world: World | undefined): WorldRole | undefined {
  if (!world) return undefined;
  // The contract requires `role`, but a world record from before sharing arrives without it.
  return (world as Partial<Pick<World, 'role'>>).role ?? 'owner';
}

/**
 * Whether the caller may create and edit content in a world (owner or editor, issue 11), as its role on the world
 * says: what offers a world to write to (the world pickers, a world card's Edit) asks this.
 */
export function mayWriteIn(world: World): boolean {
  return isEditorRole(roleOf(world) ?? 'owner');
}

import type { MemberRole, WorldInvitation } from '@loreforge/contract';
import type { WorldInvitationTable } from '../../db/tables/world-member.table.js';

/** Presents an invitation to its world's owner (contract WorldInvitationSchema). */
export const presentInvitation = (row: WorldInvitationTable): WorldInvitation => ({
  invitationId: row.id,
  worldId: row.world_id,
  code: row.code,
  role: row.role as MemberRole,
  maxUses: row.max_uses === null ? null : Number(row.max_uses),
  uses: Number(row.uses),
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

import type { WorldMember, WorldRole } from '@loreforge/contract';
import type { MemberRow } from './member.repository.js';

/** Presents a member (contract WorldMemberSchema). */
export const presentMember = (row: MemberRow): WorldMember => ({
  userId: row.user_id,
  username: row.username,
  role: row.role as WorldRole,
  joinedAt: row.created_at,
});

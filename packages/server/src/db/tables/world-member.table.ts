/** `world_member`: who belongs to a world and with which role (migration 2026_11_24_000000). The owner is a member too. */
export interface WorldMemberTable {
  world_id: string;
  user_id: string;
  /** One of WORLD_ROLES: owner, editor, player, viewer. */
  role: string;
  created_at: string;
  updated_at: string;
}

/** `world_invitation`: a link (its unguessable code) an account accepts to join a world with a role. */
export interface WorldInvitationTable {
  id: string;
  world_id: string;
  code: string;
  role: string;
  /** null: usable until revoked or expired. */
  max_uses: number | null;
  uses: number;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by: string;
}

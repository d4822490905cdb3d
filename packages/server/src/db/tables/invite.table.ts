/** `invite_code`: single-use registration codes. `used_by` is set when a registration consumes it. */
export interface InviteCodeTable {
  code: string;
  created_at: string;
  used_by: string | null;
  used_at: string | null;
}

/** `invite_request`: a visitor's request for an invite (SPEC §3 Invite request). */
export interface InviteRequestTable {
  id: string;
  name: string;
  email: string;
  created_at: string;
}

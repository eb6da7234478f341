export type Role = 'ADMIN' | 'GM' | 'PLAYER';
export type MemberRole = Exclude<Role, 'ADMIN'>;

/** Who is calling: the bootstrap ADMIN, or a GM or PLAYER of exactly one campaign. */
export type Principal =
  | { role: 'ADMIN'; id: 'admin'; memberId: null; campaignId: null; name: string }
  | { role: MemberRole; id: string; memberId: string; campaignId: string; name: string };

export const ADMIN_PRINCIPAL: Principal = { role: 'ADMIN', id: 'admin', memberId: null, campaignId: null, name: 'admin' };

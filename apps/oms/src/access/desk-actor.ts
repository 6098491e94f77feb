/** Desk roles, weakest first (desk-api.md, "Access"). */
export const DESK_ROLES = ['viewer', 'trader', 'admin'] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

/** Who is calling: the token's name (never its value), its role and its account scope. */
export interface DeskActor {
  readonly tokenName: string;
  readonly role: DeskRole;
  /** The accounts it may see and trade; '*' for all. */
  readonly accounts: readonly string[] | '*';
}

/** True when `role` includes everything `required` may do. */
export function roleAllows(role: DeskRole, required: DeskRole): boolean {
  return DESK_ROLES.indexOf(role) >= DESK_ROLES.indexOf(required);
}

export function actorCoversAccount(actor: DeskActor, account: string): boolean {
  return actor.accounts === '*' || actor.accounts.includes(account);
}

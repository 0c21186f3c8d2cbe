import { ROLES, type Role } from '../../contract';

/** Single sign-on as configured (`OIDC_*`); absent when not configured. */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The console's callback address, registered at the identity provider. */
  redirectUri: string;
  /** The claim (ID token or userinfo) that carries the person's groups or roles. */
  roleClaim: string;
  /** Claim values to roles, first match wins (`OIDC_ROLE_MAP`). */
  roleMap: readonly { value: string; role: Role }[];
  /** The sign-in button's words, e.g. "Sign in with Contoso". */
  label: string;
  scopes: string;
  /**
   * How far the console's clock is behind the identity provider's, in seconds
   * (openid-client's clock skew). Zero unless clocks are known to differ.
   */
  clockSkewSeconds?: number;
}

/**
 * `OIDC_ROLE_MAP`: `role=value` pairs separated by commas, e.g.
 * `admin=lab-admins,coordinator=care-coordination`. A value may map to one role only.
 */
export function parseRoleMap(text: string): { value: string; role: Role }[] | string {
  const entries: { value: string; role: Role }[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.indexOf('=');
    const role = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (at < 1 || value === '') return `has "${part}", expected role=claim-value`;
    if (!(ROLES as readonly string[]).includes(role)) {
      return `names "${role}", not one of ${ROLES.join(', ')}`;
    }
    if (entries.some((e) => e.value === value)) return `maps "${value}" twice`;
    entries.push({ value, role: role as Role });
  }
  if (entries.length === 0) return 'maps no claim value to a role';
  return entries;
}

/** The role a person's claim gives, or null: unknown values give no access. */
export function roleFromClaims(
  claims: Record<string, unknown>,
  settings: Pick<SsoSettings, 'roleClaim' | 'roleMap'>,
): Role | null {
  const raw = claims[settings.roleClaim];
  const values = Array.isArray(raw) ? raw.filter((v) => typeof v === 'string') : [raw];
  for (const entry of settings.roleMap) {
    if (values.includes(entry.value)) return entry.role;
  }
  return null;
}

export type Entitlement = 'series' | 'data_export_analytics'
export type KeyGrant = { org: string; entitlements: Entitlement[] }

/** The default keys: main and otherOrg hold both entitlements, noEntitlements none. */
export const FOREIGN_KEYS = {
  main: 'fk_live_main_5e1d9a',
  otherOrg: 'fk_live_other_8b2c47',
  noEntitlements: 'fk_live_bare_c03f11',
} as const

export const DEFAULT_KEYS: Record<string, KeyGrant> = {
  [FOREIGN_KEYS.main]: { org: 'org_acme', entitlements: ['series', 'data_export_analytics'] },
  [FOREIGN_KEYS.otherOrg]: { org: 'org_globex', entitlements: ['series', 'data_export_analytics'] },
  [FOREIGN_KEYS.noEntitlements]: { org: 'org_initech', entitlements: [] },
}

/** The key's grant, from `Authorization: Bearer <key>` (the scheme is case-insensitive). */
export const authenticate = (
  header: string | undefined,
  keys: Record<string, KeyGrant>,
): KeyGrant | undefined => {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  return match && Object.hasOwn(keys, match[1]!) ? keys[match[1]!] : undefined
}

/**
 * The staff demo account (README, «Demo accounts»): reads the reports at /staff/stats. Idempotent
 * and keyed by e-mail, like the other demo accounts (demo.ts); local and test databases only.
 */
import { lit } from './sql.ts';

export const STAFF_DEMO = {
  email: 'staff@demo.amediateka.example',
  password: 'smotrim-demo',
  profile: 'Сотрудник',
} as const;

const accountId = `(SELECT id FROM accounts WHERE email = ${lit(STAFF_DEMO.email)})`;

/**
 * The account, its profile and its staff row.
 * @param passwordHash a stored hash of STAFF_DEMO.password (functions/domains/auth's hashPassword)
 * @param reference unix seconds of the seed's reference day
 */
export function staffDemoStatements(passwordHash: string, reference: number): string[] {
  return [
    `INSERT INTO accounts (email, password_hash, billing_id, created_at, password_changed_at)
SELECT ${lit(STAFF_DEMO.email)}, ${lit(passwordHash)}, lower(hex(randomblob(16))), ${reference}, ${reference}
WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE email = ${lit(STAFF_DEMO.email)});`,
    `INSERT INTO profiles (account_id, name, is_kid, created_at)
SELECT ${accountId}, ${lit(STAFF_DEMO.profile)}, 0, ${reference}
WHERE NOT EXISTS (SELECT 1 FROM profiles WHERE account_id = ${accountId});`,
    `INSERT INTO staff (account_id, granted_at) SELECT ${accountId}, ${reference} ON CONFLICT DO NOTHING;`,
  ];
}

/**
 * Types of the accounts tables (migrations 0003_accounts.sql and 0010_profiles_table.sql, the
 * source of truth). The accounts, profiles, parental and social domains query D1 in raw SQL (see
 * `d1()` in client.ts).
 */

export type CodePurpose = 'sign_up' | 'sign_in' | 'reset' | 'password_token';

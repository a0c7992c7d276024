import type { Generated, Timestamp } from '../../../../generated/database.js';

// The tables and the column auth makes by hand (./migrations, ./recovery-migrations), declared in
// the space database's type beside the generated ones.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    access_tokens: AccessTokensTable;
    login_failures: LoginFailuresTable;
    password_resets: PasswordResetsTable;
  }
  interface UsersTable {
    /** True until a user given a one-time password chooses their own. */
    must_change_password: Generated<boolean>;
  }
}

export interface AccessTokensTable {
  id: Generated<number>;
  /** SHA-256 of the token, in hex. */
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** Failed logins per space, e-mail and address. */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  since: Generated<Timestamp>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** Ties a link to the password it was asked for. */
  password_fingerprint: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** Server settings (the token secret) and the record of failed sign-ins for rate limiting. */
export const authSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE IF NOT EXISTS signin_failures (
  login text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS signin_failures_login_address ON signin_failures (login, address, failed_at);
CREATE INDEX IF NOT EXISTS signin_failures_address ON signin_failures (address, failed_at);
`;

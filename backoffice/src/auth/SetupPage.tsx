import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { SetupInfo, StaffSession } from '@shop/shared/contract/admin';
import { AdminError, adminCall } from '../api/http.ts';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { startSession } from './authProvider.ts';
import { errorTextKey, fieldErrorText } from './errors.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** The token of a setup link, `/setup#token=…` (a fragment: it never reaches a server log or a Referer). */
export function setupTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= 200 ? token : null;
}

/** Read once, then removed from the address bar, so the link does not stay in the history. */
let tokenOfThisPage: string | null | undefined;
function takeToken(): string | null {
  if (tokenOfThisPage === undefined) {
    tokenOfThisPage = setupTokenOf(window.location.hash);
    if (tokenOfThisPage) window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return tokenOfThisPage;
}

type FieldErrors = Partial<Record<'password' | 'confirm' | 'totp', string>>;

/**
 * The page a setup link opens (`npm run staff -w api -- add …`): the person sets a password and, in production,
 * enrols an authenticator (QR code of the otpauth URI, and its secret as text), then is logged in.
 */
export function SetupPage() {
  const translate = useTranslate();
  const [token] = useState(takeToken);
  const [info, setInfo] = useState<SetupInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(token ? null : 'bo.setup.noToken');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [totp, setTotp] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!token) return;
    adminCall<SetupInfo>('/staff/setup/info', { body: { token }, anonymous: true }).then(setInfo, (failure) =>
      setLoadError(
        failure instanceof AdminError && failure.code === 'INVALID_TOKEN'
          ? 'bo.setup.invalidToken'
          : errorTextKey(failure),
      ),
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token || !info) return;
    const found: FieldErrors = {};
    if (password.length < 12) found.password = 'bo.fieldError.password_too_short';
    if (confirm !== password) found.confirm = 'bo.setup.mismatch';
    if (info.totpRequired && !/^\d{6}$/.test(totp.trim())) found.totp = 'bo.fieldError.totp_code';
    setFields(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await adminCall<StaffSession>('/staff/setup', {
        body: { token, password, ...(info.totpRequired ? { totp: totp.trim() } : {}) },
        anonymous: true,
      });
      startSession(session);
      // A fresh start of the app, so that everything it asked before the session (permissions: none) is asked again.
      window.location.replace('/');
    } catch (failure) {
      if (failure instanceof AdminError && Object.keys(failure.fields).length > 0) {
        setFields(
          Object.fromEntries(Object.entries(failure.fields).map(([name, message]) => [name, fieldErrorText(message)])),
        );
      }
      setError(errorTextKey(failure));
      setTimeout(() => errorBox.current?.focus(), 0);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={translate('bo.setup.title')}>
      {loadError ? (
        <Alert severity="error" role="alert">
          {translate(loadError)}
        </Alert>
      ) : !info ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          {translate('bo.setup.loading')}
        </Box>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            {translate('bo.setup.intro', {
              email: info.email,
              role: translate(`bo.role.${info.role}`),
            })}
          </Typography>
          {error ? (
            <Alert severity="error" role="alert" ref={errorBox} tabIndex={-1}>
              {translate(error)}
            </Alert>
          ) : null}
          {/* The account's e-mail for password managers, which save the password under it. */}
          <input type="hidden" name="username" autoComplete="username" value={info.email} readOnly />
          <TextField
            label={translate('bo.setup.password')}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={!!fields.password}
            helperText={translate(fields.password ?? 'bo.setup.passwordHelp')}
          />
          <TextField
            label={translate('bo.setup.confirm')}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={!!fields.confirm}
            helperText={fields.confirm ? translate(fields.confirm) : ' '}
          />
          {info.totpRequired && info.otpauthUri ? (
            <>
              <TotpEnrolment otpauthUri={info.otpauthUri} />
              <TextField
                label={translate('bo.login.totp')}
                name="totp"
                autoComplete="one-time-code"
                required
                value={totp}
                onChange={(event) => setTotp(event.target.value)}
                error={!!fields.totp}
                helperText={translate(fields.totp ?? 'bo.login.totpHelp')}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
              />
            </>
          ) : null}
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('bo.setup.submit')}
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}

import { Alert, Box, Button, TextField } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import type { StaffLoginRequest } from '@shop/shared/contract/admin';
import { AdminError, adminCall } from '../api/http.ts';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { errorTextKey } from './errors.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

type Step = 'password' | 'totp' | 'enrol';

/**
 * Login: e-mail and password, then a code of the authenticator when the API asks for one (TOTP_REQUIRED). An
 * account that must enrol an authenticator first (production, set up with --password-stdin) is shown the QR code
 * here and logs in with its first code.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [step, setStep] = useState<Step>('password');
  const [otpauthUri, setOtpauthUri] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  // Asked for a code (or shown the authenticator to enrol), the person goes on in the code's field.
  useEffect(() => {
    if (step !== 'password') codeField.current?.focus();
  }, [step]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const params: StaffLoginRequest = {
      email: email.trim(),
      password,
      ...(step !== 'password' ? { totp: totp.trim() } : {}),
    };
    try {
      await login(params);
    } catch (failure) {
      if (failure instanceof AdminError && failure.code === 'TOTP_REQUIRED' && step === 'password') {
        setStep('totp');
      } else if (failure instanceof AdminError && failure.code === 'TOTP_ENROLMENT_REQUIRED') {
        try {
          const enrolment = await adminCall<{ otpauthUri: string }>('/staff/totp/enrolment', {
            body: { email: params.email, password },
            anonymous: true,
          });
          setOtpauthUri(enrolment.otpauthUri);
          setStep('enrol');
        } catch (enrolFailure) {
          setError(errorTextKey(enrolFailure));
        }
      } else {
        setError(errorTextKey(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={translate('bo.login.title')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {error ? (
          <Alert severity="error" role="alert" data-testid="login-error">
            {translate(error)}
          </Alert>
        ) : null}
        <TextField
          label={translate('bo.login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={step !== 'password'}
        />
        <TextField
          label={translate('bo.login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={step !== 'password'}
        />
        {step === 'enrol' && otpauthUri ? <TotpEnrolment otpauthUri={otpauthUri} /> : null}
        {step !== 'password' ? (
          <TextField
            inputRef={codeField}
            label={translate('bo.login.totp')}
            helperText={translate('bo.login.totpHelp')}
            name="totp"
            autoComplete="one-time-code"
            required
            value={totp}
            onChange={(event) => setTotp(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
          />
        ) : null}
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('bo.login.submit')}
        </Button>
        {step !== 'password' ? (
          <Button
            type="button"
            onClick={() => {
              setStep('password');
              setTotp('');
              setError(null);
            }}
          >
            {translate('bo.login.restart')}
          </Button>
        ) : null}
      </Box>
    </AuthLayout>
  );
}

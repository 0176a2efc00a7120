import { Box, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** The secret of an otpauth:// URI, for typing into an authenticator that cannot scan. */
export function secretOf(otpauthUri: string): string {
  try {
    return new URL(otpauthUri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** Groups of four, as authenticator apps show secrets: easier to type and to compare. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The QR code of the authenticator's secret and the secret as text. */
export function TotpEnrolment({ otpauthUri }: { otpauthUri: string }) {
  const translate = useTranslate();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(otpauthUri, { margin: 2, width: 200, errorCorrectionLevel: 'M' }).then(
      (url) => current && setImage(url),
      () => current && setImage(null),
    );
    return () => {
      current = false;
    };
  }, [otpauthUri]);
  const secret = secretOf(otpauthUri);
  return (
    <Box component="section" aria-labelledby="totp-enrolment-heading" sx={{ my: 2 }}>
      <Typography variant="h2" id="totp-enrolment-heading" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {translate('bo.totp.enrolTitle')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{translate('bo.totp.enrolHelp')}</Typography>
      {image ? (
        <Box
          component="img"
          src={image}
          alt={translate('bo.totp.qrAlt')}
          sx={{ width: 200, height: 200, display: 'block' }}
        />
      ) : null}
      <Typography sx={{ mt: 1 }}>
        {translate('bo.totp.secretLabel')}{' '}
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{ fontSize: '1rem', fontWeight: 700, wordBreak: 'break-all' }}
        >
          {groupedSecret(secret)}
        </Box>
      </Typography>
    </Box>
  );
}

import { Alert, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { identityIsSet, loadIdentity } from '../identity/api.ts';

/**
 * The start page: who is signed in, and for the owner of a school whose identity is not set yet the first-run
 * setup (production is not ready until it is).
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  const [missingIdentity, setMissingIdentity] = useState(false);
  useEffect(() => {
    if (permissions !== 'owner') return;
    let current = true;
    loadIdentity().then(
      (school) => current && setMissingIdentity(!identityIsSet(school)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [permissions]);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('bo.dashboard.title')} />
      <CardContent>
        {identity ? (
          <Typography sx={{ mb: 2 }}>{translate('bo.dashboard.signedInAs', { email: identity.fullName })}</Typography>
        ) : null}
        {missingIdentity ? (
          <Alert
            severity="warning"
            data-testid="identity-missing"
            action={
              <Button component={Link} to="/identity" color="inherit" variant="outlined">
                {translate('bo.dashboard.setIdentity')}
              </Button>
            }
          >
            {translate('bo.dashboard.identityMissing')}
          </Alert>
        ) : null}
        <Typography sx={{ mt: 2 }}>{translate('bo.dashboard.help')}</Typography>
      </CardContent>
    </Card>
  );
}

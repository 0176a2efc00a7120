import { Alert, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { AdminError, fieldErrorKey } from '../api/http.ts';
import { errorTextKey } from '../auth/errors.ts';

type FieldErrors = Record<string, string> | undefined;

/** A form's submit: saves, then either nothing or the API's field errors as translation keys for the form. */
export type SubmitSetting = (values: Record<string, unknown>) => Promise<FieldErrors>;

/**
 * A page for one setting: load it, show a spinner meanwhile or a line if loading failed, then the form that
 * `children` draws; saving shows the saved value, a notice, and the API's field errors on their fields.
 */
export function LoadThenEditPage<T>({
  title,
  help,
  saved,
  load,
  save,
  children,
}: {
  /** Translation keys of the page's title, its help line and the notice after a save. */
  title: string;
  help: string;
  saved: string;
  /** A stable function (a module's), so the page loads once. */
  load: () => Promise<T>;
  save: (values: Record<string, unknown>) => Promise<T>;
  children: (value: T, submit: SubmitSetting) => ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [value, setValue] = useState<{ loaded: T } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    load().then(
      (loaded) => setValue({ loaded }),
      (failure) => setLoadError(errorTextKey(failure)),
    );
  }, [load]);

  const submit: SubmitSetting = async (values) => {
    try {
      setValue({ loaded: await save(values) });
      notify(translate(saved), { type: 'success' });
      return undefined;
    } catch (failure) {
      if (failure instanceof AdminError && Object.keys(failure.fields).length > 0) {
        notify(translate('bo.error.VALIDATION_ERROR'), { type: 'error' });
        return Object.fromEntries(
          Object.entries(failure.fields).map(([name, message]) => [name, fieldErrorKey(message)]),
        );
      }
      notify(translate(errorTextKey(failure)), { type: 'error' });
      return undefined;
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(title)} />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate(help)}</Typography>
        {loadError ? (
          <Alert severity="error" role="alert">
            {translate(loadError)}
          </Alert>
        ) : value === null ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : (
          children(value.loaded, submit)
        )}
      </CardContent>
    </Card>
  );
}

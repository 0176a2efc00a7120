import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { type AdminParticipant, updateOrderParticipantBodySchema } from '@shop/shared/contract/admin';
import { AdminError, fieldErrorKey } from '../../api/http.ts';
import { errorTextKey } from '../../auth/errors.ts';
import { correctParticipant } from './api.ts';

const fields = ['firstname', 'lastname', 'email'] as const;
type Field = (typeof fields)[number];

/**
 * Corrects a participant's name or e-mail: the same zod schema as the API checks the fields before sending, the
 * server's field errors show under the inputs, and the buyer is told by mail (the dialog says so).
 */
export function ParticipantDialog({
  orderId,
  participant,
  onClose,
}: {
  orderId: number;
  participant: AdminParticipant;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [values, setValues] = useState<Record<Field, string>>({
    firstname: participant.firstname,
    lastname: participant.lastname,
    email: participant.email,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function save() {
    const changed = Object.fromEntries(fields.filter((f) => values[f] !== participant[f]).map((f) => [f, values[f]]));
    const parsed = updateOrderParticipantBodySchema.safeParse(changed);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0] ?? 'firstname', issue.message])) as never,
      );
      return;
    }
    setBusy(true);
    try {
      const result = await correctParticipant(orderId, participant.id, parsed.data);
      notify(translate(result.mailQueued ? 'bo.orders.corrected' : 'bo.orders.unchanged'), { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      if (failure instanceof AdminError && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
      else notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="participant-dialog-title">
      <DialogTitle id="participant-dialog-title">{translate('bo.orders.correctTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map((field) => (
            <TextField
              key={field}
              label={translate(`resources.orders.fields.participant.${field}`)}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              error={Boolean(errors[field])}
              helperText={errors[field] ? translate(fieldErrorKey(errors[field]!)) : ' '}
              type={field === 'email' ? 'email' : 'text'}
              fullWidth
            />
          ))}
          <span>{translate('bo.orders.correctHint')}</span>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={save} disabled={busy} variant="contained">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

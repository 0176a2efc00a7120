import { Button as MuiButton, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { AdminCourse } from '@shop/shared/contract/admin';
import { errorTextKey } from '../../auth/errors.ts';
import { courseAction, type CourseAction } from './api.ts';

/**
 * Publish, unpublish and cancel, each behind a confirmation that says what follows: a published course is listed
 * and sold; an unpublished one is neither; a cancelled one cancels its bookings and tells every buyer.
 */
export function CourseStateButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<AdminCourse & RaRecord>();
  const [open, setOpen] = useState<CourseAction | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  async function run(action: CourseAction) {
    setBusy(true);
    try {
      const result = await courseAction(record!.id, action, action === 'cancel' ? { reason } : {});
      const report = result as { cancelledBookings?: number; mailsQueued?: number };
      notify(
        translate(`bo.courses.done.${action}`, {
          smart_count: report.cancelledBookings ?? 0,
          mails: report.mailsQueued ?? 0,
        }),
        {
          type: 'success',
        },
      );
      refresh();
    } catch (failure) {
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(null);
    }
  }

  const actions: CourseAction[] =
    record.status === 'draft' ? ['publish', 'cancel'] : record.status === 'published' ? ['unpublish', 'cancel'] : [];
  return (
    <>
      {actions.map((action) => (
        <MuiButton
          key={action}
          variant={action === 'publish' ? 'contained' : 'outlined'}
          color={action === 'cancel' ? 'error' : 'primary'}
          onClick={() => setOpen(action)}
          disabled={busy}
        >
          {translate(`bo.courses.action.${action}`)}
        </MuiButton>
      ))}
      {open ? (
        <Confirm
          isOpen
          loading={busy}
          title={translate(`bo.courses.confirm.${open}Title`, { identifier: record.identifier })}
          content={
            <>
              {/* With bookings, what happens to them (one or several); without, the plain consequence. */}
              {translate(
                `bo.courses.confirm.${open}${record.activeBookings > 0 && open !== 'publish' ? 'Booked' : ''}`,
                {
                  smart_count: record.activeBookings,
                },
              )}
              {open === 'cancel' ? (
                <MuiTextField
                  label={translate('bo.courses.cancelReason')}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                  sx={{ mt: 2 }}
                />
              ) : null}
            </>
          }
          confirm={translate(`bo.courses.action.${open}`)}
          confirmColor={open === 'cancel' ? 'warning' : 'primary'}
          cancel={translate('ra.action.cancel')}
          onConfirm={() => void run(open)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

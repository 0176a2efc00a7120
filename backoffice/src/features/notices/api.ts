import type { NoticeSettings, UpdateNoticeSettingsBody } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';

/** getNoticeSettings / updateNoticeSettings (owner only). */
export const noticesPath = '/notices/settings';

export function loadNoticeSettings(): Promise<NoticeSettings> {
  return adminCall<NoticeSettings>(noticesPath);
}

export function saveNoticeSettings(body: UpdateNoticeSettingsBody): Promise<NoticeSettings> {
  return adminCall<NoticeSettings>(noticesPath, { method: 'PUT', body });
}

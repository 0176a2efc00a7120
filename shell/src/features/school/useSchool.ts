import { useEffect, useState } from 'react';
import { fetchSchool, type PublicSchool } from '@shop/shared';

let school: Promise<PublicSchool | null> | null = null;

/**
 * The school's identity from the API (GET /api/school), fetched once per page: the owner edits it in the back office
 * and it shows without a rebuild. Unknown (loading, unreachable, or not set yet) is null, and the header and footer
 * then name no link rather than a made-up one.
 */
export function loadSchool(): Promise<PublicSchool | null> {
  school ??= fetchSchool().catch(() => {
    // A later page load tries again; this one shows no school links.
    return null;
  });
  return school;
}

export function useSchool(): PublicSchool | null {
  const [value, setValue] = useState<PublicSchool | null>(null);
  useEffect(() => {
    let live = true;
    void loadSchool().then((loaded) => live && setValue(loaded));
    return () => {
      live = false;
    };
  }, []);
  return value;
}

/** Tests only. */
export function resetSchoolForTest(): void {
  school = null;
}

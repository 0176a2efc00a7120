import { publicSchoolSchema } from '../contract/index.ts';
import { call } from './client.ts';

/** The school's identity (GET /school): name, contacts and legal links, null until its owner has set them. */
export const fetchSchool = () =>
  call({ path: '/school', result: publicSchoolSchema.nullable(), failure: 'Failed to fetch the school' });

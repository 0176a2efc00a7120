import { SaveButton, Toolbar } from 'react-admin';

/** A form's toolbar with Save only: the API deletes nothing (it unpublishes, deactivates or cancels instead). */
export function SaveToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

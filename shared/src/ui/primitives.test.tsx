import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './primitives.tsx';

/** A form that checks its address on submit only, as the shop's plain forms do; `counted` passes submitCount. */
function AddressForm({ counted = true }: { counted?: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [submits, setSubmits] = useState(0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    setError(value.includes('@') ? undefined : 'Bitte geben Sie eine gültige E-Mail-Adresse an.');
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="E-Mail-Adresse"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        submitCount={counted ? submits : undefined}
      />
      <button type="submit">Senden</button>
    </form>
  );
}

const input = () => screen.getByLabelText('E-Mail-Adresse');
const errorText = () => screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.');

describe('Field: a submit’s error reaches screen-reader users', () => {
  afterEach(cleanup);

  it('moves focus to the field when a submit from the button leaves it invalid; the error describes it', () => {
    render(<AddressForm />);
    const send = screen.getByRole('button', { name: 'Senden' });
    send.focus();
    fireEvent.click(send);
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(errorText().id);
    // Focus says it; no second voice.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks the error as an alert when the field already has focus (Enter), once per submit', () => {
    render(<AddressForm />);
    input().focus();
    fireEvent.submit(input().closest('form')!);
    const first = screen.getByRole('alert');
    expect(first.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an.');
    expect(input().getAttribute('aria-describedby')).toBe(first.id);

    // Typing announces nothing new: the same element stays.
    fireEvent.change(input(), { target: { value: 'ana' } });
    expect(screen.getByRole('alert')).toBe(first);

    // The next failed submit is a new alert (a new element, which screen readers speak again).
    fireEvent.submit(input().closest('form')!);
    expect(screen.getByRole('alert')).not.toBe(first);
    expect(document.activeElement).toBe(input());
  });

  it('without submitCount shows the error only: no focus move, no alert', () => {
    render(<AddressForm counted={false} />);
    const send = screen.getByRole('button', { name: 'Senden' });
    send.focus();
    fireEvent.click(send);
    expect(errorText()).toBeTruthy();
    expect(document.activeElement).toBe(send);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a fixed address after submit clears the error and moves nothing', () => {
    render(<AddressForm />);
    const send = screen.getByRole('button', { name: 'Senden' });
    fireEvent.change(input(), { target: { value: 'ana@example.com' } });
    send.focus();
    fireEvent.click(send);
    expect(document.activeElement).toBe(send);
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });
});

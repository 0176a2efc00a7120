import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { focusDropped } from './focusDropped.ts';
import { fontCss } from './font.ts';
import { primitivesCss } from './primitives.css.ts';
import { tokensCss } from './tokens.ts';

/**
 * Global tokens and primitive styles. React 19 hoists a <style> with `href` and `precedence` into <head> and
 * de-duplicates it, so every area can render it and the page still gets one copy, no CSS loading across remotes.
 */
export function SharedStyles() {
  return (
    <>
      <style href="shop-font" precedence="low">
        {fontCss}
      </style>
      <style href="shop-tokens" precedence="low">
        {tokensCss}
      </style>
      <style href="shop-primitives" precedence="default">
        {primitivesCss}
      </style>
    </>
  );
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  return <button type={type} className={`shop-button shop-button--${variant} ${className ?? ''}`.trim()} {...props} />;
}

export type BannerTone = 'info' | 'success' | 'warning' | 'alert';

/**
 * A notice; alerts and warnings are announced at once (role alert), the others politely (role status).
 * `takeFocus`: the notice answers something the visitor sent, whose disabled button dropped the focus to the page;
 * it takes the focus when it appears (read out as it does, and the next Tab goes on from here), unless the visitor
 * has gone on meanwhile (docs/decisions/0064-focus-moves-in-layout-effects.md).
 */
export function Banner({
  tone = 'info',
  takeFocus = false,
  children,
  ...rest
}: {
  tone?: BannerTone;
  takeFocus?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (takeFocus && focusDropped()) box.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={box}
      {...rest}
      tabIndex={takeFocus ? -1 : undefined}
      className={`shop-banner shop-banner--${tone}`}
      role={tone === 'alert' || tone === 'warning' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

export function Card({
  children,
  as: Tag = 'article',
  className,
}: {
  children: ReactNode;
  as?: 'article' | 'section' | 'div';
  className?: string;
}) {
  return <Tag className={`shop-card ${className ?? ''}`.trim()}>{children}</Tag>;
}

/**
 * A labelled input with its hint and error linked through aria-describedby.
 *
 * `submitCount` (how often the form was submitted, as react-hook-form counts) says the error is a submit's answer,
 * and a submit's error must reach screen-reader users (WCAG 3.3.1, 4.1.3): when a submit leaves the field with an
 * error, focus moves to the input, as the shop's react-hook-form forms do (`shouldFocusError`, the field kit in
 * formFields.tsx), so the label, the invalid state and the error are read. If the input already has focus
 * (submitted with Enter), moving it would read nothing, so the error is spoken once as an alert instead. Nothing
 * else announces: an error that changes while typing or without a new submit is only shown.
 */
export function Field({
  label,
  error,
  hint,
  submitCount,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode; submitCount?: number }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const inputRef = useRef<HTMLInputElement>(null);
  // The last submit whose error was brought to the user, and the one spoken as an alert.
  const handledSubmit = useRef(submitCount);
  const [alertFor, setAlertFor] = useState<number>();
  useLayoutEffect(() => {
    const element = inputRef.current;
    if (submitCount === undefined || submitCount === handledSubmit.current || !error || !element) return;
    handledSubmit.current = submitCount;
    // The input's own document or shadow root (the partner embed renders into one).
    const root = element.getRootNode() as Document | ShadowRoot;
    if (root.activeElement === element) setAlertFor(submitCount);
    else element.focus();
  }, [submitCount, error]);
  const alert = error !== undefined && alertFor !== undefined && alertFor === submitCount;
  return (
    <div className="shop-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={inputRef} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <span id={hintId} className="shop-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        // A new key per alert: the message enters the page as a new alert, which screen readers speak.
        <span
          key={alert ? `alert-${alertFor}` : 'error'}
          id={errorId}
          className="shop-field__error"
          role={alert ? 'alert' : undefined}
        >
          {error}
        </span>
      ) : null}
    </div>
  );
}

import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
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

/** A notice; alerts and warnings are announced at once (role alert), the others politely (role status). */
export function Banner({ tone = 'info', children }: { tone?: BannerTone; children: ReactNode }) {
  return (
    <div
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

/** A labelled input with its hint and error linked through aria-describedby. */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="shop-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <span id={hintId} className="shop-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="shop-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

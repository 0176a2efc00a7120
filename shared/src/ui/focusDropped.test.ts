import { afterEach, describe, expect, it } from 'vitest';
import { focusDropped } from './focusDropped.ts';

afterEach(() => document.body.replaceChildren());

describe('focusDropped', () => {
  it('is true while <body> has the focus, false while an element has it, in the page or in a shadow root', () => {
    const button = document.createElement('button');
    const host = document.createElement('div');
    document.body.append(button, host);
    const inner = document.createElement('button');
    host.attachShadow({ mode: 'open' }).append(inner);
    expect(focusDropped()).toBe(true);
    button.focus();
    expect(focusDropped()).toBe(false);
    inner.focus();
    expect(focusDropped()).toBe(false);
    inner.blur();
    expect(focusDropped()).toBe(true);
  });
});

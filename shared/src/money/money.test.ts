import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToEuros,
  centsToGermanDecimal,
  decimalToCents,
  eurosToCents,
  formatCents,
  formatCentsIn,
  formatMoney,
  hasWholeCents,
  parseEuroText,
  maxSqlInteger,
  percentOfCents,
  priceBoundToCents,
} from './index.ts';

const nbsp = '\u00a0';

describe('formatMoney', () => {
  it('writes cents with a comma and thousands with a dot', () => {
    expect(formatMoney(1234.5)).toBe(`1.234,50${nbsp}€`);
  });
  it('drops the decimals of whole amounts', () => {
    expect(formatMoney(120)).toBe(`120${nbsp}€`);
    expect(formatMoney(0)).toBe(`0${nbsp}€`);
  });
  it('rounds to 2 decimals once', () => {
    expect(formatMoney(19.999)).toBe(`20${nbsp}€`);
    expect(formatMoney(0.1 + 0.2)).toBe(`0,30${nbsp}€`);
    expect(formatMoney(289.005)).toBe(`289,01${nbsp}€`);
  });
  it("writes what Intl's German euro format writes, for small, large, negative and rounded amounts", () => {
    const withCents = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const amounts = [
      0, 0.01, 0.1, 0.99, 1, 9.5, 12.05, 99.99, 100, 999.99, 1000, 1000.01, 12345.6, 999999.99, 1e6, 1234567.89,
    ];
    for (let cents = 0; cents < 300000; cents += 137) amounts.push(cents / 100);
    for (const amount of [...amounts, ...amounts.map((value) => -value)]) {
      const cents = Math.round(amount * 100);
      const expected = cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100);
      // Intl writes minus zero as "-0 €"; the shop never has such an amount, and writes "0 €".
      if (Object.is(cents, -0)) continue;
      expect(formatMoney(amount), String(amount)).toBe(expected);
    }
  });
});

describe('conversions', () => {
  it('turns wire euros into whole cents without float noise, half-cents up', () => {
    expect(eurosToCents(1.1)).toBe(110);
    expect(eurosToCents(289.005)).toBe(28901);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(-5)).toBe(-500);
    expect(eurosToCents(0.29)).toBe(29);
    expect(centsToEuros(28901)).toBe(289.01);
  });
  it('round-trips every cent amount up to 100.000 €', () => {
    const broken: number[] = [];
    for (let cents = 0; cents <= 10_000_000; cents += 7)
      if (eurosToCents(centsToEuros(cents)) !== cents) broken.push(cents);
    expect(broken).toEqual([]);
  });
  it('tells amounts with at most two decimals', () => {
    expect(hasWholeCents(12.5)).toBe(true);
    expect(hasWholeCents(1.1)).toBe(true);
    expect(hasWholeCents(12.345)).toBe(false);
  });
  it('takes a percentage rounded once to the cent', () => {
    expect(percentOfCents(999, 10)).toBe(100);
    expect(percentOfCents(57800, 25)).toBe(14450);
  });
  it('rounds filter bounds inwards and clamps them to the integer range', () => {
    expect(priceBoundToCents(99.501, 'min')).toBe(9951);
    expect(priceBoundToCents(99.509, 'max')).toBe(9950);
    expect(priceBoundToCents(1.1, 'min')).toBe(110);
    expect(priceBoundToCents(1e12, 'max')).toBe(2_147_483_647);
    expect(priceBoundToCents(-3, 'min')).toBe(0);
    expect(priceBoundToCents(0.001, 'min')).toBe(1);
    expect(priceBoundToCents(0.001, 'max')).toBe(0);
    expect(priceBoundToCents(99.505, 'max')).toBe(9950);
    expect(priceBoundToCents(1e300, 'max')).toBe(maxSqlInteger);
  });
  it('writes and reads the payment provider decimals', () => {
    expect(centsToDecimal(74430)).toBe('744.30');
    expect(centsToDecimal(-500)).toBe('-5.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(() => centsToDecimal(1.5)).toThrow();
    expect(decimalToCents('744.30')).toBe(74430);
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('1200')).toBe(120000);
    expect(decimalToCents('1.234')).toBeUndefined();
    expect(decimalToCents('-1.00')).toBeUndefined();
  });
});

describe('German decimals of the back office and its exports', () => {
  it('writes cents as a German decimal without sign or thousands dots', () => {
    expect(centsToGermanDecimal(123450)).toBe('1234,50');
    expect(centsToGermanDecimal(28900)).toBe('289,00');
    expect(centsToGermanDecimal(-500)).toBe('-5,00');
  });

  it('reads typed euros with a comma or a dot as cents', () => {
    expect(parseEuroText('289,50')).toEqual({ cents: 28950 });
    expect(parseEuroText('289.5')).toEqual({ cents: 28950 });
    expect(parseEuroText(' 1200 ')).toEqual({ cents: 120000 });
    expect(parseEuroText('12,50 €')).toEqual({ cents: 1250 });
    expect(parseEuroText('0,07')).toEqual({ cents: 7 });
    expect(parseEuroText('289,')).toEqual({ cents: 28900 });
  });

  it('refuses more than two decimals, negative amounts and what is no amount', () => {
    expect(parseEuroText('289,505')).toEqual({ error: 'two_decimals' });
    expect(parseEuroText('1.234')).toEqual({ error: 'two_decimals' });
    expect(parseEuroText('-5')).toEqual({ error: 'not_negative' });
    expect(parseEuroText('1.234,50')).toEqual({ error: 'euro_amount' });
    expect(parseEuroText('zwölf')).toEqual({ error: 'euro_amount' });
    expect(parseEuroText('')).toEqual({ error: 'euro_amount' });
    expect(parseEuroText('99999999999')).toEqual({ error: 'euro_amount' });
  });
});

describe('formatCents / formatCentsIn', () => {
  it('writes cents like formatMoney writes their euros', () => {
    expect(formatCents(123450)).toBe(`1.234,50${nbsp}€`);
    expect(formatCents(-500)).toBe(`-5${nbsp}€`);
  });
  it("writes the buyer's language with two decimals, German when unknown", () => {
    expect(formatCentsIn(1250, 'de')).toBe(`12,50${nbsp}€`);
    expect(formatCentsIn(1250, 'en')).toBe('€12.50');
    expect(formatCentsIn(1250, 'es')).toBe(`12,50${nbsp}€`);
    expect(formatCentsIn(1250, 'fr')).toBe(`12,50${nbsp}€`);
  });
});

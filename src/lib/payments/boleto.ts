import { DAY_MS } from '../format/dates';

/**
 * Boleto bancário (FEBRABAN layout): 44-digit barcode `bank(3) currency(1) DV(1) factor(4) amount(10)
 * free field(25)` with a mod-11 DV, and the 47-digit linha digitável of three mod-10 fields, the
 * barcode DV, then factor+amount.
 */

/** Mod 10 (weights 2,1 from the right; products above 9 add their digits). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Barcode DV: mod 11 with weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const BASE = Date.UTC(1997, 9, 7);

/**
 * Fator de vencimento: days since 1997-10-07; after 9999 (2025-02-21) it restarts at 1000 on
 * 2025-02-22 (FEBRABAN), i.e. it cycles through 1000–9999.
 */
export function dueFactor(dueDate: string): string {
  const date = Date.parse(`${dueDate}T00:00:00Z`);
  if (Number.isNaN(date)) throw new RangeError('invalid due date');
  const days = Math.round((date - BASE) / DAY_MS);
  if (days < 1) throw new RangeError('due date before the FEBRABAN base date');
  const factor = days <= 9999 ? days : ((days - 1000) % 9000) + 1000;
  return String(factor).padStart(4, '0');
}

/**
 * The due date (YYYY-MM-DD) a 44-digit barcode carries in its factor, or null for factor 0000 (no due date).
 * The factor repeats every 9,000 days, so of its dates the one nearest `near` (an instant within years of it)
 * is meant.
 */
export function dueDateOfBarcode(barcode: string, near: Date): string | null {
  const factor = Number(barcode.slice(5, 9));
  if (!/^\d{44}$/.test(barcode) || factor === 0) return null;
  const around = (near.getTime() - BASE) / DAY_MS;
  const cycles = factor < 1000 ? 0 : Math.max(0, Math.round((around - factor) / 9000));
  return new Date(BASE + (factor + cycles * 9000) * DAY_MS).toISOString().slice(0, 10);
}

export interface BoletoInput {
  bank: string;
  dueDate: string;
  amountCents: number;
  /** 25 digits defined by the bank (agency, wallet, nosso número…). */
  freeField: string;
}

export function boletoBarcode(input: BoletoInput): string {
  if (!/^\d{3}$/.test(input.bank) || !/^\d{25}$/.test(input.freeField)) throw new RangeError('invalid boleto fields');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 99_999_999_99) {
    throw new RangeError('invalid boleto amount');
  }
  const amount = String(input.amountCents).padStart(10, '0');
  const withoutDv = `${input.bank}9${dueFactor(input.dueDate)}${amount}${input.freeField}`;
  return `${withoutDv.slice(0, 4)}${mod11(withoutDv)}${withoutDv.slice(4)}`;
}

/** 47 digits (no separators) from a 44-digit barcode. */
export function digitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('barcode must have 44 digits');
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** `23792.94909 60000.000004 03000.658009 6 31680000000100` */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}

/** Checks every DV of a linha digitável (three mod-10 fields and the barcode's mod-11). */
export function digitableLineValid(input: string): boolean {
  const line = input.replace(/\D/g, '');
  if (line.length !== 47) return false;
  const barcode =
    line.slice(0, 4) + line[32] + line.slice(33) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
  return digitableLine(barcode) === line && mod11(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}

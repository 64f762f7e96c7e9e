import { describe, expect, it } from 'vitest';
import { nationalPhoneDigits } from '../../src/lib/customer/phone';
import {
  formatCpfInput,
  formatPhoneInput,
  keepCaret,
  onMaskedInput,
  reformat,
  type MaskedInput,
} from '../../client/islands/checkout/field-masks';

/** A focused input holding `typed` with the caret at `caret` (default: the end). */
function input(typed: string, caret = typed.length, focused = true): MaskedInput & { caretAt: number | null } {
  const el = {
    value: typed,
    selectionStart: caret,
    caretAt: null as number | null,
    setSelectionRange(start: number) {
      el.caretAt = start;
    },
    ownerDocument: { activeElement: null as unknown },
  };
  if (focused) el.ownerDocument.activeElement = el;
  return el;
}

describe('CPF mask', () => {
  it('formats as typed, partial input staying partial', () => {
    expect(
      ['', '5', '529', '5299', '529982', '5299822', '529982247', '5299822472', '52998224725'].map(formatCpfInput),
    ).toEqual(['', '5', '529', '529.9', '529.982', '529.982.2', '529.982.247', '529.982.247-2', '529.982.247-25']);
  });

  it('takes a pasted CPF with or without punctuation, drops letters and digits past 11', () => {
    expect(formatCpfInput('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpfInput(' 529 982 247 25 ')).toBe('529.982.247-25');
    expect(formatCpfInput('cpf: 52998224725999')).toBe('529.982.247-25');
    expect(formatCpfInput(formatCpfInput('52998224725'))).toBe('529.982.247-25');
  });
});

describe('phone mask', () => {
  it('formats a mobile (11 digits) and a landline (10) as typed', () => {
    expect(['1', '11', '119', '11987', '119876', '1198765', '11987654321'].map(formatPhoneInput)).toEqual([
      '(1',
      '(11',
      '(11) 9',
      '(11) 987',
      '(11) 9876',
      '(11) 9876-5',
      '(11) 98765-4321',
    ]);
    expect(formatPhoneInput('1132654321')).toBe('(11) 3265-4321');
  });

  it('takes pasted numbers with or without punctuation, country code or trunk zero', () => {
    for (const pasted of [
      '11987654321',
      '(11) 98765-4321',
      '11 98765 4321',
      '5511987654321',
      '011 98765-4321',
      '0055 11 98765-4321',
    ])
      expect(formatPhoneInput(pasted), pasted).toBe('(11) 98765-4321');
    for (const pasted of ['+55 11 98765-4321', '+55 (11) 98765-4321', '+5511987654321'])
      expect(formatPhoneInput(pasted), pasted).toBe('+55 (11) 98765-4321');
    // A landline with its country code (12 digits): DDD 55 alone has 10 or 11.
    expect(formatPhoneInput('551134567890')).toBe('(11) 3456-7890');
    expect(formatPhoneInput('(55) 99876-5432')).toBe('(55) 99876-5432');
    expect(formatPhoneInput('(11) 98765-43219')).toBe('(11) 98765-4321');
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('abc')).toBe('');
  });

  it('keeps a country code typed key by key, so the digits after it are the DDD and the number (walk 10: "+55…" saved as DDD 55)', () => {
    let value = '';
    const shown: string[] = [];
    for (const key of '+5511987654321') shown.push((value = formatPhoneInput(value + key)));
    expect(shown.slice(0, 5)).toEqual(['+', '+5', '+55', '+55 (1', '+55 (11']);
    expect(value).toBe('+55 (11) 98765-4321');
    expect(nationalPhoneDigits(value)).toBe('11987654321');
    // Deleting back over the code never gets stuck on a separator.
    expect(formatPhoneInput('+55 (')).toBe('+55');
    expect(formatPhoneInput('+5')).toBe('+5');
    // Another country's code stays as typed (the server refuses it: Brazilian phones only).
    expect(formatPhoneInput('+1 415 555')).toBe('+1415555');
    expect(nationalPhoneDigits('+1 415 555 1234')).toBe('');
  });

  it('never writes a trailing separator, so deleting back over one is not undone', () => {
    expect(formatPhoneInput('(11')).toBe('(11');
    expect(formatPhoneInput('(11) 9876-')).toBe('(11) 9876');
    expect(formatCpfInput('529.982.')).toBe('529.982');
  });
});

describe('the caret', () => {
  it('stays at the end when typing at the end', () => {
    const el = input('529.9822');
    expect(reformat(el, formatCpfInput)).toBe('529.982.2');
    expect(el.value).toBe('529.982.2');
    expect(el.caretAt).toBe(9);
  });

  it('stays after the same digit when editing in the middle', () => {
    const cpf = input('5291.982.247-2', 4); // a digit typed after "529"
    expect(reformat(cpf, formatCpfInput)).toBe('529.198.224-72');
    expect(cpf.caretAt).toBe(5); // after "529.1", not at the end
    const phone = input('(11) 3265-4321', 1); // a 2 typed after "(": the DDD is now 21
    phone.value = '(211) 3265-4321';
    phone.selectionStart = 2;
    expect(reformat(phone, formatPhoneInput)).toBe('(21) 13265-4321');
    expect(phone.caretAt).toBe(2); // after "(2"
    const shorter = input('(11) 98765-431', 12); // a digit deleted from a mobile: it takes a landline's shape
    expect(reformat(shorter, formatPhoneInput)).toBe('(11) 9876-5431');
    expect(shorter.caretAt).toBe(12); // still after the same 8 digits ("…9876-54")
  });

  it('leaves an unfocused field and an unchanged value alone', () => {
    const el = input('52998224725', 3, false);
    expect(reformat(el, formatCpfInput)).toBe('529.982.247-25');
    expect(el.caretAt).toBeNull();
    const same = input('529.9', 2);
    expect(reformat(same, formatCpfInput)).toBe('529.9');
    expect(same.caretAt).toBeNull();
  });

  it('keepCaret is a controlled field mask; onMaskedInput reshapes only [data-mask] inputs', () => {
    const el = input('52998224725');
    expect(keepCaret(formatCpfInput)('ignored', el)).toBe('529.982.247-25');
    const phone = Object.assign(input('11987654321'), { dataset: { mask: 'phone' } });
    onMaskedInput({ target: phone } as never);
    expect(phone.value).toBe('(11) 98765-4321');
    const other = Object.assign(input('11987654321'), { dataset: { mask: 'toString' } });
    onMaskedInput({ target: other } as never);
    expect(other.value).toBe('11987654321');
  });
});

import { DeliveryAddressSchema, type DeliveryAddress } from '../contracts/customers';
import { typedValues } from '../contracts/text-input';
import { refuseControlChars } from '../http/body';
import { BASIC_FIELDS, type BasicField, type BasicValues } from '../ui/checkout/basic-form';
import { dict, emptyDict } from '../lib/security/dict';

type FieldErrors = Partial<Record<BasicField, string>>;

/** Form values of the no-JS checkout; unknown fields are dropped, each value capped. */
export function basicValues(form: Record<string, unknown>): BasicValues {
  const values: BasicValues = {};
  for (const name of BASIC_FIELDS) {
    const value = form[name];
    if (typeof value === 'string') values[name] = value.slice(0, name === 'itens' ? 2000 : 200);
  }
  return values;
}

/**
 * The form's values, less any control character (`contracts/text-input.ts`), and the fields that held one
 * (null when none): the page shows the form again with those pointed at rather than losing what was typed.
 * A control character anywhere else in the post is refused (400) as in any request.
 */
export function typedForm(form: Record<string, unknown>): { values: BasicValues; unreadable: FieldErrors | null } {
  const typed = basicValues(form);
  refuseControlChars(Object.fromEntries(Object.entries(form).filter(([name]) => !Object.hasOwn(typed, name))));
  return typedValues(typed);
}

/** The form's address fields by the delivery address's names (`DeliveryAddressSchema`). */
const ADDRESS_FIELDS = dict({
  zipCode: 'cep',
  street: 'rua',
  number: 'numero',
  complement: 'complemento',
  neighborhood: 'bairro',
  city: 'cidade',
  state: 'uf',
} as const satisfies Record<keyof DeliveryAddress, BasicField>);

/** The typed address under the checkout's one address rule: the address, or a pt-BR message per form field. */
export function deliveryAddress(v: BasicValues): { address: DeliveryAddress | null; errors: FieldErrors } {
  const parsed = DeliveryAddressSchema.safeParse(
    Object.fromEntries(Object.entries(ADDRESS_FIELDS).map(([key, name]) => [key, v[name] ?? ''])),
  );
  if (parsed.success) return { address: parsed.data, errors: {} };
  const errors: FieldErrors = emptyDict();
  for (const issue of parsed.error.issues)
    errors[ADDRESS_FIELDS[issue.path[0] as keyof DeliveryAddress]] ??= issue.message;
  return { address: null, errors };
}

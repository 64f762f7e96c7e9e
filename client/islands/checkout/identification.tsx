import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import { Fields, type FieldSpec } from '../../../src/ui/checkout/field';
import { useFocusFirstInvalid } from '../../focus-invalid';
import { useStores } from '../../stores';
import type { CheckoutStore, GuestConsumer } from '../../stores/checkout';
import { formatCpfInput, keepCaret } from './field-masks';
import { typedBefore } from './typed-before';

const GUEST_FIELDS: FieldSpec<keyof GuestConsumer>[] = [
  { field: 'name', label: 'Nome completo', autoComplete: 'name', required: true },
  { field: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', required: true },
  {
    field: 'cpf',
    label: 'CPF',
    inputMode: 'numeric',
    placeholder: '000.000.000-00',
    mask: keepCaret(formatCpfInput),
    required: true,
  },
];

const GUEST_ID = 'co-guest-';

/** Step 0: sign in (the login modal, back to /checkout) or buy as a guest with name, e-mail and CPF. */
export function Identification({ store, user }: { store: CheckoutStore; user: { name: string } | null }) {
  useSignals();
  const { ui } = useStores();
  const [guest, setGuest] = useState<GuestConsumer>(
    () =>
      store.guest.value ?? {
        name: typedBefore(`${GUEST_ID}name`) ?? '',
        email: typedBefore(`${GUEST_ID}email`) ?? '',
        cpf: typedBefore(`${GUEST_ID}cpf`) ?? '',
      },
  );
  const [errors, setErrors] = useState<Partial<Record<keyof GuestConsumer, string>>>({});
  const { root, focusInvalid } = useFocusFirstInvalid<HTMLFormElement>();

  if (user) {
    return (
      <div className="co-identified">
        <p>
          Você está comprando como <strong>{user.name}</strong>.
        </p>
        <button type="button" className="co-button" onClick={() => store.goToStep(1)}>
          Continuar para a entrega
        </button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = store.identifyGuest(guest);
    setErrors(refused);
    if (Object.keys(refused).length > 0) focusInvalid();
  }

  return (
    <div className="co-identification">
      <div className="co-login">
        <h2>Já tenho cadastro</h2>
        <p>Entre na sua conta para usar seus endereços, cupons e cashback.</p>
        <button type="button" className="co-button co-button--ghost" onClick={() => ui.openLogin('/checkout')}>
          Entrar na minha conta
        </button>
      </div>
      <form ref={root} className="co-guest" onSubmit={submit} noValidate aria-labelledby="co-guest-title">
        <h2 id="co-guest-title">Comprar sem cadastro</h2>
        <Fields idPrefix={GUEST_ID} specs={GUEST_FIELDS} values={guest} errors={errors} onChange={setGuest} />
        <button type="submit" className="co-button">
          Continuar como convidado
        </button>
      </form>
    </div>
  );
}

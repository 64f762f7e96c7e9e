import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import { formatCpfInput } from '../../../src/lib/checkout-form';
import { Field } from '../../../src/ui/checkout/field';
import { useStores } from '../../stores';
import type { CheckoutStore, GuestConsumer } from '../../stores/checkout';

/** Step 0: sign in (the login modal, back to /checkout) or buy as a guest with name, e-mail and CPF. */
export function Identification({ store, user }: { store: CheckoutStore; user: { name: string } | null }) {
  useSignals();
  const { ui } = useStores();
  const [guest, setGuest] = useState<GuestConsumer>(() => store.guest.value ?? { name: '', email: '', cpf: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof GuestConsumer, string>>>({});

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
    setErrors(store.identifyGuest(guest));
  }
  const set = (key: keyof GuestConsumer) => (e: { target: { value: string } }) =>
    setGuest({ ...guest, [key]: key === 'cpf' ? formatCpfInput(e.target.value) : e.target.value });

  return (
    <div className="co-identification">
      <div className="co-login">
        <h2>Já tenho cadastro</h2>
        <p>Entre na sua conta para usar seus endereços, cupons e cashback.</p>
        <button type="button" className="co-button co-button--ghost" onClick={() => ui.openLogin('/checkout')}>
          Entrar na minha conta
        </button>
      </div>
      <form className="co-guest" onSubmit={submit} noValidate aria-labelledby="co-guest-title">
        <h2 id="co-guest-title">Comprar sem cadastro</h2>
        <Field
          id="co-guest-name"
          label="Nome completo"
          autoComplete="name"
          value={guest.name}
          onChange={set('name')}
          error={errors.name}
          required
        />
        <Field
          id="co-guest-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={guest.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <Field
          id="co-guest-cpf"
          label="CPF"
          inputMode="numeric"
          placeholder="000.000.000-00"
          value={guest.cpf}
          onChange={set('cpf')}
          error={errors.cpf}
          required
        />
        <button type="submit" className="co-button">
          Continuar como convidado
        </button>
      </form>
    </div>
  );
}

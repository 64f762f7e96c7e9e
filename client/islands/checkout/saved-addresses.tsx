import { useEffect, useState } from 'react';
import { formatCep } from '../../../src/lib/customer/cep';
import type { SavedAddress } from '../../gateways/checkout';
import { useStores } from '../../stores';

/**
 * The signed-in customer's saved addresses as radios, plus "another address". Picking one hands its
 * id and CEP to `onPick` (the delivery step quotes that CEP); null means "type a new address".
 */
export function SavedAddresses({
  chosen,
  onPick,
}: {
  chosen: number | null | 'new';
  onPick: (a: SavedAddress | null) => void;
}) {
  const { gateways } = useStores();
  const [list, setList] = useState<SavedAddress[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    gateways.checkout
      .addresses()
      .then((addresses) => {
        if (!live) return;
        setList(addresses);
        const preferred = addresses.find((a) => a.isDefault) ?? addresses[0];
        if (chosen === null && preferred) onPick(preferred);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  if (failed)
    return <p className="co-field__hint">Não foi possível carregar seus endereços. Informe o endereço abaixo.</p>;
  if (!list) return <p className="co-loading">Carregando seus endereços…</p>;
  if (list.length === 0) return null;
  return (
    <fieldset className="co-saved">
      <legend>Meus endereços</legend>
      {list.map((a) => (
        <label
          key={a.id}
          htmlFor={`co-address-${a.id}`}
          className={`co-option${chosen === a.id ? ' is-chosen' : ''}`}
          data-testid="saved-address"
        >
          <input
            id={`co-address-${a.id}`}
            type="radio"
            name="co-address"
            checked={chosen === a.id}
            onChange={() => onPick(a)}
          />
          <span className="co-option__what">
            <strong>{a.label ?? a.receiver}</strong>
            <small>
              {a.street}, {a.number}
              {a.complement ? ` — ${a.complement}` : ''} · {a.neighborhood} · {a.city}/{a.state} · CEP{' '}
              {formatCep(a.zipCode)}
            </small>
          </span>
        </label>
      ))}
      <label htmlFor="co-address-new" className={`co-option${chosen === 'new' ? ' is-chosen' : ''}`}>
        <input
          id="co-address-new"
          type="radio"
          name="co-address"
          checked={chosen === 'new'}
          onChange={() => onPick(null)}
        />
        <span className="co-option__what">
          <strong>Usar outro endereço</strong>
        </span>
      </label>
    </fieldset>
  );
}

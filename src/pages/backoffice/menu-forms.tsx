// The Menu-Topo draft's forms (no JS): an entry's add or edit, and the tree with each entry's moves and removal.
import { DISPLAY_TYPES, type MenuItem } from '../../contracts/menus';
import { dict } from '../../lib/security/dict';
import { Field, FieldList, FormError, type FieldSpec } from '../../ui/account/field';
import { entryValues, MENU } from './content-input';
import { Version, type Fields } from './content-forms';
import { formReaders } from './stale-form';

const DISPLAY_LABELS: Readonly<Record<(typeof DISPLAY_TYPES)[number], string>> = dict({
  column: 'Coluna',
  modality: 'Modalidade',
  banner: 'Banner (imagem, nome e botão)',
  other: 'Outro (botão simples)',
});

/** A new entry (`parentId`, null: top level) or entry `item`'s edit. */
/** An entry's link and banner fields. */
const LINK_FIELDS: readonly FieldSpec[] = [
  {
    name: 'url',
    label: 'Link (opcional)',
    maxLength: 300,
    hint: 'Com link, o clique vai para ele (na mesma aba, ou em outra com tipo de link ou destino).',
  },
  { name: 'typeLink', label: 'Tipo de link (opcional, ex.: blank)', maxLength: 20 },
  { name: 'destinyLink', label: 'Destino (opcional, ex.: _blank)', maxLength: 20 },
  { name: 'image', label: 'Imagem (banner; arquivo do menu, ex.: verao-2027.webp)', maxLength: 120 },
  { name: 'buttonText', label: 'Texto do botão (banner)', maxLength: 40 },
];

export function EntryForm(props: {
  item: MenuItem | null;
  parentId: number | null;
  version: number;
  error: string | null;
  values: Fields | null;
}) {
  const shown = entryValues(props.item);
  const { v } = formReaders(props.values, shown);
  return (
    <form
      className="account-form backoffice__product"
      method="post"
      action={props.item ? `${MENU}/${props.item.id}` : MENU}
      data-testid="menu-entry-form"
    >
      <FormError text={props.error} />
      <Version version={props.version} />
      {props.item ? null : (
        <input type="hidden" name="parentId" value={props.parentId === null ? '' : String(props.parentId)} />
      )}
      <Field
        idPrefix="entry"
        name="name"
        label="Nome"
        required
        maxLength={60}
        defaultValue={v('name')}
        hint="Uma entrada chamada Destaques não aparece como botão."
      />
      <Field
        idPrefix="entry"
        name="slug"
        label="Endereço (slug)"
        required
        maxLength={120}
        defaultValue={v('slug')}
        hint="Ex.: fitness/corrida. Sem link, o clique leva a este endereço."
      />
      <div className="field">
        <label htmlFor="entry-displayType">Tipo de exibição</label>
        <select id="entry-displayType" name="displayType" defaultValue={v('displayType')}>
          {DISPLAY_TYPES.map((t) => (
            <option key={t} value={t}>
              {DISPLAY_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <FieldList idPrefix="entry" fields={LINK_FIELDS} value={v} />
      <Field idPrefix="entry" name="color" label="Cor (opcional, #rrggbb)" maxLength={7} defaultValue={v('color')} />
      <Field
        idPrefix="entry"
        name="cssClass"
        label="Classe CSS (opcional)"
        maxLength={60}
        defaultValue={v('cssClass')}
      />
      <button type="submit" className="button button--primary">
        {props.item ? 'Salvar entrada no rascunho' : 'Adicionar entrada ao rascunho'}
      </button>
    </form>
  );
}

/** A small post (move, remove) of one entry. */
function EntryAction(props: {
  id: number;
  version: number;
  action: string;
  label: string;
  name: string;
  direction?: 'up' | 'down';
}) {
  return (
    <form method="post" action={`${MENU}/${props.id}/${props.action}`} className="backoffice__inline">
      <Version version={props.version} />
      {props.direction ? <input type="hidden" name="direction" value={props.direction} /> : null}
      <button type="submit" className="button button--small" aria-label={`${props.label}: ${props.name}`}>
        {props.label}
      </button>
    </form>
  );
}

/** The Menu-Topo draft as nested lists: each entry with its edit link, moves, removal and "add under". */
export function MenuTree({ items, version }: { items: MenuItem[]; version: number }) {
  return (
    <ul className="backoffice__tree">
      {items.map((item, i) => (
        <li key={item.id} data-testid={`menu-entry-${item.id}`}>
          <a href={`${MENU}/${item.id}`}>{item.name}</a>{' '}
          <small>({DISPLAY_LABELS[item.display_type].split(' ')[0]})</small>{' '}
          {i > 0 ? (
            <EntryAction id={item.id} version={version} action="mover" direction="up" label="Subir" name={item.name} />
          ) : null}
          {i < items.length - 1 ? (
            <EntryAction
              id={item.id}
              version={version}
              action="mover"
              direction="down"
              label="Descer"
              name={item.name}
            />
          ) : null}
          <EntryAction id={item.id} version={version} action="remover" label="Remover" name={item.name} />{' '}
          <a href={`${MENU}/nova?pai=${item.id}`}>Adicionar entrada em {item.name}</a>
          {item.items.length ? <MenuTree items={item.items} version={version} /> : null}
        </li>
      ))}
    </ul>
  );
}

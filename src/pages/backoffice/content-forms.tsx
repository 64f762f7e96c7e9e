import { STRIP_SIZE, type ContentDoc } from '../../contracts/content';
import { dict } from '../../lib/security/dict';
import { Checkbox, Field, FormError } from '../../ui/account/field';
import { bannerValues, CONTENT, HERO_FIELDS } from './content-input';
import { formReaders } from './stale-form';

// The content page's forms (no JS): each posts the draft's version back; an error shows the posted values again.
// The home's strip, banner and hero are here; the Menu-Topo's forms are menu-forms.tsx.
export type Fields = Record<string, string | undefined>;
interface FormProps {
  doc: ContentDoc;
  version: number;
  error: string | null;
  values: Fields | null;
}
export const Version = ({ version }: { version: number }) => (
  <input type="hidden" name="version" value={String(version)} />
);

export function StripForm({ doc, version, error, values }: FormProps) {
  const v = (name: string, fallback: string) => values?.[name] ?? fallback;
  return (
    <form
      className="account-form backoffice__product"
      method="post"
      action={`${CONTENT}/faixa`}
      data-testid="strip-form"
    >
      <FormError text={error} />
      <Version version={version} />
      <p className="field__hint">
        Cinco mensagens, nesta ordem. Deixe o link vazio na mensagem de aviso (ela não leva a lugar nenhum).
      </p>
      {Array.from({ length: STRIP_SIZE }, (_, i) => (
        <fieldset key={i}>
          <legend>Mensagem {i + 1}</legend>
          <Field
            idPrefix="strip"
            name={`text_${i}`}
            label="Texto"
            required
            maxLength={120}
            defaultValue={v(`text_${i}`, doc.strip[i]?.text ?? '')}
          />
          <Field
            idPrefix="strip"
            name={`href_${i}`}
            label="Link (opcional)"
            maxLength={300}
            defaultValue={v(`href_${i}`, doc.strip[i]?.href ?? '')}
          />
        </fieldset>
      ))}
      <button type="submit" className="button button--primary">
        Salvar faixa no rascunho
      </button>
    </form>
  );
}

export function BannerForm({ doc, version, error, values }: FormProps) {
  const shown = bannerValues(doc.banner);
  const { v } = formReaders(values, shown);
  return (
    <form
      className="account-form backoffice__product"
      method="post"
      action={`${CONTENT}/banner`}
      data-testid="banner-form"
    >
      <FormError text={error} />
      <Version version={version} />
      <Field
        idPrefix="banner"
        name="text"
        label="Texto (HTML simples; vazio: sem banner)"
        maxLength={500}
        defaultValue={v('text')}
      />
      <Field
        idPrefix="banner"
        name="endsAt"
        label="Termina em (horário de Brasília; vazio: sem término)"
        type="datetime-local"
        step={1}
        defaultValue={v('endsAt')}
      />
      <Checkbox
        idPrefix="banner"
        name="timer"
        label="Mostrar a contagem regressiva ‘Termina em’"
        defaultChecked={(values ? values.timer : shown.timer) === 'on'}
      />
      <Field
        idPrefix="banner"
        name="coupon"
        label="Cupom (opcional, 3 caracteres ou mais)"
        maxLength={40}
        defaultValue={v('coupon')}
      />
      <Field idPrefix="banner" name="link" label="Link do botão" maxLength={300} defaultValue={v('link')} />
      <Field idPrefix="banner" name="buttonText" label="Texto do botão" maxLength={40} defaultValue={v('buttonText')} />
      <Field
        idPrefix="banner"
        name="whatsappLink"
        label="Link do WhatsApp (opcional)"
        maxLength={300}
        defaultValue={v('whatsappLink')}
      />
      <button type="submit" className="button button--primary">
        Salvar banner no rascunho
      </button>
    </form>
  );
}

const HERO_LABELS: Readonly<Record<(typeof HERO_FIELDS)[number], string>> = dict({
  kicker: 'Chamada (acima do título)',
  title: 'Título',
  text: 'Texto',
  primaryText: 'Texto do botão principal',
  primaryHref: 'Link do botão principal',
  secondaryText: 'Texto do segundo botão (opcional)',
  secondaryHref: 'Link do segundo botão (opcional)',
});

export function HeroForm({ doc, version, error, values }: FormProps) {
  return (
    <form
      className="account-form backoffice__product"
      method="post"
      action={`${CONTENT}/destaque`}
      data-testid="hero-form"
    >
      <FormError text={error} />
      <Version version={version} />
      {HERO_FIELDS.map((name) => (
        <Field
          key={name}
          idPrefix="hero"
          name={name}
          label={HERO_LABELS[name]}
          maxLength={300}
          defaultValue={values?.[name] ?? doc.hero[name]}
        />
      ))}
      <button type="submit" className="button button--primary">
        Salvar destaque no rascunho
      </button>
    </form>
  );
}

import type { FormEvent, ReactNode } from 'react';
import type { CartViewProps } from './cart-view-props';

/** A form that posts to its route without JavaScript and goes through `onAction` with it. */
export function CartForm(props: {
  action: string;
  method?: 'post' | 'get';
  view: CartViewProps;
  className?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { view } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!view.onAction) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    view.onAction(props.action, data);
  };
  return (
    <form
      className={props.className}
      method={props.method ?? 'post'}
      action={props.method === 'get' ? view.back : props.action}
      onSubmit={submit}
      aria-label={props.label}
      data-testid={props.testId}
      noValidate
    >
      {props.method === 'get' ? null : <input type="hidden" name="back" value={view.back} />}
      {props.method !== 'get' && view.cep ? <input type="hidden" name="cep" value={view.cep} /> : null}
      {props.children}
    </form>
  );
}

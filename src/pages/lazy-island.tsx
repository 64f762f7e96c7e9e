import type { ComponentType } from 'react';
import type { LazyIslandName } from '../../client/islands/lazy';
import { jsonForHtml } from '../lib/security/json';

/** Like `Island`, for islands the browser loads as their own chunk (client/islands/lazy.ts). */
export function LazyIsland<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: LazyIslandName;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <>
      <script
        type="application/json"
        data-island-props={name}
        dangerouslySetInnerHTML={{ __html: jsonForHtml(props) }}
      />
      <div data-island={name}>
        <Component {...props} />
      </div>
    </>
  );
}

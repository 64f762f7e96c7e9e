import type { ComponentProps, ComponentType } from 'react';
import { islands, type IslandName } from '../../client/islands';
import { jsonForHtml } from '../lib/security/json';

/**
 * Server side of an island: its props as a JSON data block right before the wrapper (smaller than an
 * escaped attribute), then the markup the client hydrates as its own root. Islands must not rely on
 * `useId`: ids are tree-position based and differ between the document and a per-island root.
 */
export function Island<K extends IslandName>({
  name,
  props,
  wire = props,
}: {
  name: K;
  props: ComponentProps<(typeof islands)[K]>;
  /** What the page carries for the client instead of `props`, when the island completes it as it hydrates (client/app.tsx). */
  wire?: object;
}) {
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  return (
    <>
      <script
        type="application/json"
        data-island-props={name}
        dangerouslySetInnerHTML={{ __html: jsonForHtml(wire) }}
      />
      <div data-island={name}>
        <Component {...(props as Record<string, unknown>)} />
      </div>
    </>
  );
}

import type { PageScriptName, pageScripts } from '../../client/page-scripts';
import { jsonForHtml } from '../lib/security/json';

type PropsOf<K extends PageScriptName> = Parameters<Awaited<ReturnType<(typeof pageScripts)[K]>>>[0];

/**
 * A page script's props (client/page-scripts): plain-DOM code the browser runs on load, without React and
 * without waiting for an interaction (page-view analytics). Renders nothing visible.
 */
export function PageScript<K extends PageScriptName>({ name, props }: { name: K; props: PropsOf<K> }) {
  return (
    <script type="application/json" data-page-script={name} dangerouslySetInnerHTML={{ __html: jsonForHtml(props) }} />
  );
}

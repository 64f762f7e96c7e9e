/**
 * Whether the shopper already changed a field of the server's form under `scope`: the checkout hydrates on the first
 * interaction, and what was typed into the no-JS form before that must not be lost to the steps replacing it.
 */
export function changedBeforeHydration(scope: HTMLElement | null): boolean {
  for (const field of scope?.querySelectorAll('input, textarea, select') ?? []) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((o) => o.selected !== o.defaultSelected)) return true;
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) return true;
    } else if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.type !== 'hidden') {
      if (field.value !== field.defaultValue) return true;
    }
  }
  return false;
}

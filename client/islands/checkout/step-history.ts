import { useEffect, useRef } from 'react';
import type { CheckoutStore } from '../../stores/checkout';

/** What a checkout history entry keeps: the step only (never card data, nor the guest's CPF). */
interface StepState {
  checkoutStep?: number;
}

const entryStep = (): number | null => {
  const step = (history.state as StepState | null)?.checkoutStep;
  return typeof step === 'number' ? step : null;
};

const writeEntry = (step: number, push: boolean) => {
  const state = { ...(history.state as object | null), checkoutStep: step };
  if (push) history.pushState(state, '', location.href);
  else history.replaceState(state, '', location.href);
};

/**
 * Each checkout step is a history entry of /checkout (ADR 0003 addendum): moving on pushes one, the browser's Back
 * returns to the previous step and Forward to a step already reached, and Back from the first step leaves the
 * checkout. Moving back with the page's own links goes back through the same entries. A reload (or a Forward into
 * /checkout) resumes at most at `resumable()`: what later steps need (a validated delivery, the card) is in memory
 * only. A step the shopper left by changing something before it (another delivery) is no longer "reached".
 */
export function useStepHistory(store: CheckoutStore, resumable: () => number, changes: readonly unknown[]): void {
  const step = store.step.value;
  const shown = useRef<number | null>(null);
  const reached = useRef(0);
  /** The step a history move of ours is bringing the page to: its popstate only confirms it. */
  const moving = useRef<number | null>(null);

  useEffect(() => {
    const saved = entryStep();
    const resume = Math.min(saved ?? 0, resumable());
    reached.current = resume;
    shown.current = resume;
    if (resume > 0) store.goToStep(resume);
    if (saved !== null && saved > resume) {
      moving.current = resume;
      history.go(resume - saved);
    } else writeEntry(resume, false);

    const onPop = () => {
      const target = entryStep();
      if (target === null) return;
      if (moving.current !== null) {
        const to = moving.current;
        moving.current = null;
        if (target !== to) writeEntry(to, false);
        return;
      }
      if (target > reached.current) {
        // A step no longer reached: stay where the shopper is.
        moving.current = shown.current;
        history.go((shown.current ?? 0) - target);
        return;
      }
      shown.current = target;
      store.goToStep(target);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const from = shown.current;
    const now = store.step.peek();
    // Not started, a popstate's own change, or the checkout reset on its way out (finished, or back to the store).
    if (from === null || from === now || store.cart.peek() === null) return;
    shown.current = now;
    if (now > from) {
      reached.current = now;
      writeEntry(now, true);
    } else {
      moving.current = now;
      history.go(now - from);
    }
  }, [step]);

  // Changing what a step chose (who buys, the delivery, the payment, the card) unreaches the steps after it.
  useEffect(() => {
    const now = store.step.peek();
    if (shown.current !== null && reached.current > now) reached.current = now;
  }, changes);
}

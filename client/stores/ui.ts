import { signal, type ReadonlySignal } from '@preact/signals-core';

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
}

export interface UiStore {
  readonly toasts: ReadonlySignal<Toast[]>;
  /** True while a client-side route change is loading (drives the progress bar). */
  readonly navigating: ReadonlySignal<boolean>;
  readonly menuOpen: ReadonlySignal<boolean>;
  toast(message: string, tone?: Toast['tone'], ms?: number): void;
  dismiss(id: number): void;
  setNavigating(value: boolean): void;
  setMenuOpen(value: boolean): void;
}

export function createUiStore(): UiStore {
  const toasts = signal<Toast[]>([]);
  const navigating = signal(false);
  const menuOpen = signal(false);
  let next = 1;
  const dismiss = (id: number) => {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  };
  return {
    toasts,
    navigating,
    menuOpen,
    toast(message, tone = 'info', ms = 4000) {
      const id = next++;
      toasts.value = [...toasts.value, { id, message, tone }];
      setTimeout(() => dismiss(id), ms);
    },
    dismiss,
    setNavigating: (value) => {
      navigating.value = value;
    },
    setMenuOpen: (value) => {
      menuOpen.value = value;
    },
  };
}

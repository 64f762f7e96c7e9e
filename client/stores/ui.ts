import { signal, type ReadonlySignal } from '@preact/signals-core';

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  /** Spec §8 messages come with a title ('Atenção!', 'Cupom inválido!'). */
  title?: string;
}

export interface UiStore {
  readonly toasts: ReadonlySignal<Toast[]>;
  /** True while a client-side route change is loading (drives the progress bar). */
  readonly navigating: ReadonlySignal<boolean>;
  readonly menuOpen: ReadonlySignal<boolean>;
  /** The login modal (a login-required coupon opens it, spec §6); `loginRedirect` is where to go after login. */
  readonly loginOpen: ReadonlySignal<boolean>;
  readonly loginRedirect: ReadonlySignal<string | null>;
  /** The side cart (drawer). */
  readonly cartOpen: ReadonlySignal<boolean>;
  toast(message: string, tone?: Toast['tone'], ms?: number, title?: string): void;
  dismiss(id: number): void;
  setNavigating(value: boolean): void;
  setMenuOpen(value: boolean): void;
  openLogin(redirect?: string | null): void;
  closeLogin(): void;
  openCart(): void;
  closeCart(): void;
}

export function createUiStore(): UiStore {
  const toasts = signal<Toast[]>([]);
  const navigating = signal(false);
  const menuOpen = signal(false);
  const loginOpen = signal(false);
  const loginRedirect = signal<string | null>(null);
  const cartOpen = signal(false);
  let next = 1;
  const dismiss = (id: number) => {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  };
  return {
    toasts,
    navigating,
    menuOpen,
    loginOpen,
    loginRedirect,
    cartOpen,
    toast(message, tone = 'info', ms = 4000, title) {
      const id = next++;
      toasts.value = [...toasts.value, title ? { id, message, tone, title } : { id, message, tone }];
      setTimeout(() => dismiss(id), ms);
    },
    dismiss,
    setNavigating: (value) => {
      navigating.value = value;
    },
    setMenuOpen: (value) => {
      menuOpen.value = value;
    },
    openLogin: (redirect = null) => {
      loginRedirect.value = redirect;
      loginOpen.value = true;
    },
    closeLogin: () => {
      loginOpen.value = false;
    },
    openCart: () => {
      cartOpen.value = true;
    },
    closeCart: () => {
      cartOpen.value = false;
    },
  };
}
